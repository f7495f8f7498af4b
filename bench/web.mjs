// `npm run bench:web`: Lighthouse (mobile: its default phone emulation and simulated slow 4G,
// 150 ms RTT, 1.6 Mbps down, 4x CPU slowdown) on the built app's `/`, `/auth` and, signed in
// with onboarding done, `/chat` twice: on the rep's first visit (the welcome, which the server
// puts in the page) and as a rep whose browser has closed the welcome (the chat itself). Prints the performance, accessibility and best-practices scores
// (median of RUNS runs, 3 by default), FCP, LCP, TBT, CLS and the JavaScript transferred, then the
// audits that did not pass. Chromium: CHROMIUM_PATH, or Debian's /usr/bin/chromium.
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import { signUp, startApp } from './lib.mjs';

/** src/shared/chat-welcome.ts's CHAT_WELCOME_SEEN_COOKIE (a .ts file this script cannot import). */
const CHAT_WELCOME_SEEN_COOKIE = 'sc_chat_welcome_seen';

const RUNS = Number(process.env.RUNS ?? 3);
const TARGET = 95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

const PROFILE = {
  age: 34,
  city: 'Austin',
  state: 'TX',
  salesExperience: '3-5 years',
  currentIncome: 4200,
  targetIncome: 6500,
  biggestStruggle: 'Prospects go quiet after I send the proposal.',
  industry: 'Dental supplies',
  product: 'Practice management software',
};

/** A rep who can open /chat: signed up, onboarding done, tutorial seen (as after the real flow). */
async function signedInRep(baseUrl) {
  const cookie = await signUp(baseUrl, `web_${Date.now().toString(36)}`);
  const post = async (path, body) => {
    const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  };
  await post('/api/onboarding', PROFILE);
  await post('/api/tutorial/seen', {});
  return cookie;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

const launchChromium = () =>
  chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });

/**
 * Puts `cookies` ("a=1; b=2") in the browser's cookie jar for `url`'s host, as a browser that
 * had signed in (and closed the chat's welcome) would hold them: the page's scripts read them
 * too, which they would not if they were only sent as a request header.
 */
async function setCookies(port, url, cookies) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const pairs = cookies.split(';').map((pair) => pair.trim().split('='));
    await browser.contexts()[0].addCookies(pairs.map(([name, value]) => ({ name, value, url })));
  } finally {
    await browser.close();
  }
}

/**
 * One Lighthouse run in a browser of its own (a fresh profile: no cache, no service worker, no
 * cookies but `cookies`; a reused browser failed the second run with NO_NAVSTART here).
 */
async function audit(url, cookies, attempt = 1) {
  const chrome = await launchChromium();
  try {
    if (cookies) await setCookies(chrome.port, url, cookies);
    return await auditIn(chrome.port, url);
  } catch (err) {
    // Headless Chromium now and then loses the trace's navigation start (NO_NAVSTART, about one
    // run in five here); that says nothing about the page, so such a run is taken again.
    if (attempt < 3 && String(err).includes('NO_NAVSTART')) return audit(url, cookies, attempt + 1);
    throw err;
  } finally {
    await chrome.kill();
  }
}

async function auditIn(port, url) {
  // The profile is new, so there is nothing to reset; resetting would clear the cookies just set.
  const flags = { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, disableStorageReset: true };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = result.lhr;
  // REPORT_DIR keeps each run's full Lighthouse JSON, for looking into an audit.
  if (process.env.REPORT_DIR) {
    fs.mkdirSync(process.env.REPORT_DIR, { recursive: true });
    fs.writeFileSync(path.join(process.env.REPORT_DIR, `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const jsBytes = requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const failing = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id].auditRefs) {
      const a = lhr.audits[ref.id];
      // Weighted audits that lost points, and any accessibility/best-practices check that failed.
      const counts = ref.weight > 0 || id !== 'performance';
      if (counts && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable') {
        // Inspector issues name their kind (e.g. a form field without an id), not just a count.
        const kinds = ref.id === 'inspector-issues' ? ` [${(a.details?.items ?? []).map((item) => item.issueType).join(', ')}]` : '';
        failing.push(`${id}: ${ref.id} (${a.displayValue ?? a.title})${kinds}`);
      }
    }
  }
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id].score ?? 0) * 100)])),
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    jsBytes,
    failing,
  };
}

const app = await startApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
let missed = false;
try {
  const cookie = await signedInRep(app.url);
  // PAGES=/chat (comma-separated) audits only those pages, for trying one change quickly.
  const only = process.env.PAGES?.split(',');
  const pages = [
    { label: '/', path: '/', cookie: null },
    { label: '/auth', path: '/auth', cookie: null },
    { label: '/chat', path: '/chat', cookie },
    { label: '/chat seen', path: '/chat', cookie: `${cookie}; ${CHAT_WELCOME_SEEN_COOKIE}=1` },
  ].filter((page) => !only || only.includes(page.path));
  console.log(`Lighthouse ${RUNS === 1 ? '1 run' : `median of ${RUNS} runs`} per page, mobile, simulated slow 4G; target ${TARGET} each\n`);
  console.log('page        perf  a11y  bp    FCP      LCP      TBT     CLS    JS transferred');
  const failures = new Map();
  for (const page of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(`${app.url}${page.path}`, page.cookie));
    const m = (pick) => median(runs.map(pick));
    const scores = CATEGORIES.map((id) => m((r) => r.scores[id]));
    if (scores.some((s) => s < TARGET)) missed = true;
    const ms = (v) => `${Math.round(v)} ms`.padEnd(9);
    console.log(
      `${page.label.padEnd(12)}${scores.map((s) => String(s).padEnd(6)).join('')}${ms(m((r) => r.fcp))}${ms(m((r) => r.lcp))}${`${Math.round(m((r) => r.tbt))} ms`.padEnd(8)}${m((r) => r.cls).toFixed(3).padEnd(7)}${(m((r) => r.jsBytes) / 1000).toFixed(1)} KB`,
    );
    failures.set(page.label, [...new Set(runs.flatMap((r) => r.failing))]);
  }
  console.log('\nAudits that did not pass (in any run):');
  for (const [path, list] of failures) console.log(`  ${path}: ${list.length ? `\n    ${list.join('\n    ')}` : 'none'}`);
  console.log(missed ? `\nBelow the target of ${TARGET} somewhere (see the scores above).` : `\nMeets the target of ${TARGET} in every category on every page.`);
} finally {
  await app.stop();
}
