import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ TUTORIAL_VIDEO_ID: 'dQw4w9WgXcQ', PRODUCT_NAME: 'Quota Coach' });
});
afterAll(async () => t.close());

describe('the app shell around the modules', () => {
  it('serves the public configuration, and only that', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(res.json()).toEqual({
      productName: 'Quota Coach',
      companyName: 'SalesCoach Inc.',
      supportEmail: 'support@salescoach.example',
      privacyEmail: 'privacy@salescoach.example',
      tutorialVideoId: 'dQw4w9WgXcQ',
      // The built-in coach: nothing goes to a model provider (the privacy policy says so).
      coachModel: null,
      // What an account gives for free, from the plan catalogue (the welcome page shows it, issue #25).
      freeOffer: 'Free for 60 days: unlimited AI coaching, no credit card. After that, 1 AI coaching chat every 7 days stays free.',
    });
  });

  it('allows frames from YouTube’s privacy-enhanced host only (the tutorial video)', async () => {
    const csp = String((await t.app.inject({ url: '/api/health' })).headers['content-security-policy']);
    expect(csp).toContain("frame-src 'self' https://www.youtube-nocookie.com");
    expect(csp).not.toMatch(/frame-src[^;]*https:\/\/www\.youtube\.com/);
  });

  it('sends the security headers on every answer, errors included', async () => {
    for (const res of [
      await t.app.inject({ url: '/api/health' }),
      await t.app.inject({ url: '/api/no-such-thing' }),
      await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: {} }),
    ]) {
      expect(res.headers).toMatchObject({
        'x-frame-options': 'SAMEORIGIN',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
      });
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('answers unknown API paths with JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });

  it('refuses a malformed tutorial video id at start-up', async () => {
    await expect(buildTestApp({ TUTORIAL_VIDEO_ID: '<script>' })).rejects.toThrow(/TUTORIAL_VIDEO_ID/);
  });
});
