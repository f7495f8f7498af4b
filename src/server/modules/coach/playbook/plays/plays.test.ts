import { describe, expect, it } from 'vitest';
import { PLAYS } from './index.js';
import { MOMENTS, WAYS } from './schema.js';

/** Words that belong to selling to a business: a consumer never hears them (issue #23, pattern 2). */
const BUSINESS = /\b(?:stakeholders?|procurement|roi|workflows?|budget cycle|your business|the team's|your team|vendors?|msa|committee|q[1-4])\b/i;

describe('the written ways of selling', () => {
  it('covers every way, and each way its moments or says why not', () => {
    expect([...PLAYS.keys()].sort()).toEqual([...WAYS].sort());
    for (const file of PLAYS.values()) {
      for (const m of MOMENTS) expect(Boolean(file.moments[m]) || Boolean(file.skipped?.[m]), `${file.way}/${m}`).toBe(true);
      expect(Object.keys(file.moments).length, file.way).toBeGreaterThanOrEqual(8);
    }
  });

  it('gives each moment three approaches with three different methods', () => {
    for (const file of PLAYS.values()) {
      for (const [m, cell] of Object.entries(file.moments)) expect(new Set(cell.approaches.map((a) => a.method)).size, `${file.way}/${m}`).toBe(3);
    }
  });

  it('never gives a consumer a line written for a business', () => {
    for (const file of PLAYS.values()) {
      if (!file.consumer) continue;
      for (const [m, cell] of Object.entries(file.moments)) {
        for (const line of [...cell.approaches.flatMap((a) => a.lines), ...cell.buyer.opens, ...cell.buyer.softer, ...cell.buyer.harder, ...cell.buyer.moving]) {
          expect(line, `${file.way}/${m}`).not.toMatch(BUSINESS);
        }
      }
    }
  });

  it('opens no line with the stock "That\'s fair." and asks a question in every decide', () => {
    for (const file of PLAYS.values()) {
      for (const [m, cell] of Object.entries(file.moments)) {
        for (const line of cell.approaches.flatMap((a) => a.lines)) expect(line, `${file.way}/${m}`).not.toMatch(/^that'?s fair\b/i);
        expect(cell.decide.trim(), `${file.way}/${m}`).toMatch(/\?$/);
      }
    }
  });
});
