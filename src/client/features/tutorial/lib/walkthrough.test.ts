import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import walkthrough from '../demo/walkthrough.json';
import { DEMO_IMAGE_MAX_BYTES, DEMO_TOTAL_MAX_BYTES, type Walkthrough } from './walkthrough';

const demoDir = path.join(import.meta.dirname, '..', 'demo');

describe("the tutorial's recorded walkthrough", () => {
  const manifest: Walkthrough = walkthrough;

  it('lists captioned steps at a phone size', () => {
    expect(manifest.steps.length).toBeGreaterThanOrEqual(3);
    expect(manifest.width).toBeLessThanOrEqual(430);
    expect(manifest.height).toBeGreaterThan(manifest.width);
    for (const step of manifest.steps) expect(step.caption.trim().length).toBeGreaterThan(20);
    expect(new Set(manifest.steps.map((s) => s.image)).size).toBe(manifest.steps.length);
  });

  it('has every image it names, each a WebP within the budget, and nothing else', () => {
    let total = 0;
    for (const { image } of manifest.steps) {
      const file = path.join(demoDir, image);
      expect(fs.existsSync(file), `${image} exists`).toBe(true);
      const data = fs.readFileSync(file);
      // A RIFF container holding WebP.
      expect(data.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(data.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(data.length, `${image} is ${data.length} bytes`).toBeLessThanOrEqual(DEMO_IMAGE_MAX_BYTES);
      total += data.length;
    }
    expect(total).toBeLessThanOrEqual(DEMO_TOTAL_MAX_BYTES);
    // A step dropped from the manifest leaves no image behind to be shipped for nothing.
    const onDisk = fs.readdirSync(demoDir).filter((f) => f !== 'walkthrough.json');
    expect(onDisk.sort()).toEqual(manifest.steps.map((s) => s.image).sort());
  });
});
