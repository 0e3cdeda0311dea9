// The web section of `npm run bench`: what a first visit costs in JavaScript, and Lighthouse's scores.
//
// 1. JavaScript per first page: Debian's Chromium (through Playwright) opens each page on a fresh profile and
//    waits until the network is idle; every script it fetched from the app counts (the entry, its modulepreloads,
//    the lazy chunks that page needs). For each, the bench reports its raw size, its gzip and brotli sizes (the
//    build's settings, so the sizes of the .gz and .br files the server sends), and what Chromium received.
//    Goal: the visitor's "/" loads at most 150 KB of gzipped JavaScript.
// 2. Lighthouse (npm `lighthouse`, its default mobile profile: a mid-range phone, 4x CPU slowdown, simulated slow
//    4G) against the same server, BENCH_LIGHTHOUSE_RUNS times per page (median reported, as Lighthouse advises:
//    scores vary between runs, more so on a shared machine). Goals: performance >= 95, accessibility and best
//    practices 100, on /login, / and a community page (issue 12 §5). Audits that fail are listed by id so they can be routed.
/* global window, document, MutationObserver -- the first-load probe runs in the page (addInitScript, evaluate) */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync, brotliCompressSync } from 'node:zlib';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The flags playwright.config.ts uses for Debian's Chromium (no sandbox as root, no GPU, nothing phoning home).
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const JS_BUDGET_GZIP_BYTES = 150 * 1024;
const PAGE_TIMEOUT_MS = 60_000;
const LIGHTHOUSE_TIMEOUT_MS = 180_000;

/** The pages measured: a visitor's "/" and "/login", and "/" signed in (for information). */
const PAGES = [
  { name: '/ (visitor)', path: '/', signedIn: false, budget: JS_BUDGET_GZIP_BYTES },
  { name: '/login', path: '/login', signedIn: false },
  { name: '/ (signed in)', path: '/', signedIn: true },
];
const LIGHTHOUSE_PAGES = ['/login', '/'];

/**
 * First load of the pages people land on (issue 12 §5): the visitor's "/", a community page and a post link (the
 * latter two from the demo data: the newest public post of Explore), and "/" signed in. For each, on a fresh
 * profile: the app scripts requested before the first API request started, when that API request started, and
 * the time to first content (the first post card, `article`, on screen), all from the navigation's start.
 */
async function firstLoadPages(baseUrl) {
  const res = await fetch(new URL('/groups/suggested/discussions', baseUrl), { signal: AbortSignal.timeout(30_000) });
  const post = res.ok ? (await res.json()).discussions?.[0] : null;
  const pages = [{ name: '/ (visitor)', path: '/', signedIn: false }];
  if (post) {
    pages.push({ name: 'community (visitor)', path: `/group/${post.slug}/discussions`, signedIn: false });
    pages.push({ name: 'post link (visitor)', path: `/groups/${post.group_id}/discussions/${post.id}`, signedIn: false });
  }
  pages.push({ name: '/ (signed in)', path: '/', signedIn: true });
  return pages;
}

/** A fresh phone-sized browser profile, signed in as `session` when given (the web app's stored session keys). */
async function phoneContext(browser, session) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  if (session) {
    await context.addInitScript((s) => {
      for (const key of ['token', 'authToken']) localStorage.setItem(key, s.token);
      localStorage.setItem('userId', String(s.userId));
      localStorage.setItem('username', s.username);
    }, session);
  }
  return context;
}

/** One first load (see firstLoadPages); null figures when the page never showed a post. */
async function firstLoadOnce(browser, baseUrl, page, session) {
  const context = await phoneContext(browser, page.signedIn ? session : null);
  try {
    // The moment the first post card exists, from the navigation's start (performance.now()).
    await context.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (window.__firstContentAt === undefined && document.querySelector('article')) {
          window.__firstContentAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    const tab = await context.newPage();
    const started = [];
    tab.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== baseUrl) return;
      const kind = url.pathname.endsWith('.js') ? 'js' : ['fetch', 'xhr'].includes(request.resourceType()) ? 'api' : 'other';
      started.push({ kind, path: url.pathname + url.search, at: Date.now() });
    });
    const t0 = Date.now();
    await tab.goto(new URL(page.path, baseUrl).toString(), { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
    await tab
      .locator('article')
      .first()
      .waitFor({ state: 'attached', timeout: PAGE_TIMEOUT_MS })
      .catch(() => null);
    const firstContentMs = await tab.evaluate(() => window.__firstContentAt ?? null);
    const firstApi = started.find((r) => r.kind === 'api');
    return {
      ...page,
      jsBeforeFirstApi: firstApi ? started.filter((r) => r.kind === 'js' && r.at <= firstApi.at).length : null,
      firstApiMs: firstApi ? firstApi.at - t0 : null,
      firstApiPath: firstApi?.path ?? null,
      firstContentMs: firstContentMs === null ? null : Math.round(firstContentMs),
      apiCalls: started.filter((r) => r.kind === 'api').map((r) => r.path),
    };
  } finally {
    await context.close();
  }
}

const kb = (n) => (n === null || n === undefined ? '' : `${(n / 1024).toFixed(1)} KB`);

/**
 * Raw, gzip (level 9) and brotli (quality 11) sizes of one script as the server sends it uncompressed: the same
 * settings as the build's .gz and .br files, so these are the bytes a browser receives, whatever build is served.
 */
async function servedSizes(url) {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' }, signal: AbortSignal.timeout(30_000) });
  if (!response.ok) return null;
  const body = Buffer.from(await response.arrayBuffer());
  return { raw: body.length, gzip: gzipSync(body, { level: 9 }).length, brotli: brotliCompressSync(body).length };
}

async function launchChromium() {
  const { chromium } = await import('@playwright/test');
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
}

/** Loads one page on a fresh profile and lists the app scripts it fetched, with their sizes. */
async function pageScripts(browser, baseUrl, page, session) {
  const context = await phoneContext(browser, page.signedIn ? session : null);
  try {
    const tab = await context.newPage();
    const responses = [];
    tab.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === baseUrl && url.pathname.endsWith('.js')) responses.push(response);
    });
    await tab.goto(new URL(page.path, baseUrl).toString(), { waitUntil: 'networkidle', timeout: PAGE_TIMEOUT_MS });
    const scripts = [];
    for (const response of responses) {
      const url = new URL(response.url());
      const sizes = await servedSizes(url.toString());
      const transfer = await response
        .request()
        .sizes()
        .catch(() => null);
      scripts.push({
        path: url.pathname,
        encoding: response.headers()['content-encoding'] ?? 'identity',
        received: transfer ? transfer.responseBodySize : null,
        ...(sizes ?? { raw: null, gzip: null, brotli: null }),
      });
    }
    const sum = (key) => scripts.reduce((total, s) => total + (s[key] ?? 0), 0);
    return {
      ...page,
      scripts,
      js: { files: scripts.length, raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli'), received: sum('received') },
    };
  } finally {
    await context.close();
  }
}

/** One Lighthouse run (mobile defaults) of `url` in a fresh Chromium; the four category scores and what failed. */
export async function lighthouseOnce(url) {
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'agora-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    userDataDir,
    logLevel: 'silent',
  });
  let timer;
  try {
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Lighthouse took over ${LIGHTHOUSE_TIMEOUT_MS / 1000} s on ${url}`)),
        LIGHTHOUSE_TIMEOUT_MS,
      );
    });
    const result = await Promise.race([
      lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      }),
      timeout,
    ]);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (id) =>
      lhr.categories[id]?.score === null || lhr.categories[id]?.score === undefined ? null : Math.round(lhr.categories[id].score * 100);
    const failing = {};
    for (const id of ['accessibility', 'best-practices', 'seo', 'performance']) {
      failing[id] = lhr.categories[id].auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a && a.score !== null && a.score < (id === 'performance' ? 0.9 : 1))
        .map((a) => a.id);
    }
    const metric = (id) => lhr.audits[id]?.numericValue ?? null;
    return {
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
      },
      metricsMs: {
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        si: metric('speed-index'),
        cls: metric('cumulative-layout-shift'),
      },
      failing,
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    };
  } finally {
    clearTimeout(timer);
    await chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true, maxRetries: 3 });
  }
}

function medianBy(runs, pick) {
  const sorted = [...runs].sort((a, b) => pick(a) - pick(b));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Measures JavaScript per page and Lighthouse scores against a running Agora at `baseUrl` (loopback only). */
export async function measureWeb(baseUrl, { session, lighthouseRuns, log }) {
  if (!/^http:\/\/(127\.\d+\.\d+\.\d+|localhost)(:\d+)?$/.test(baseUrl)) throw new Error(`Refusing a non-loopback target: ${baseUrl}`);
  if (!existsSync(CHROMIUM)) {
    log(`web: ${CHROMIUM} not found (apt-get install chromium): web section skipped`);
    return { skipped: `${CHROMIUM} not found`, pages: [], lighthouse: [] };
  }
  log('web: JavaScript loaded by each first page (Chromium, fresh profile, until the network is idle)');
  const browser = await launchChromium();
  const pages = [];
  const firstLoads = [];
  const landing = await firstLoadPages(baseUrl);
  const community = landing.find((p) => p.name.startsWith('community'));
  const lighthousePages = community ? [...LIGHTHOUSE_PAGES, community.path] : LIGHTHOUSE_PAGES;
  try {
    for (const page of PAGES) pages.push(await pageScripts(browser, baseUrl, page, session));
    log('web: first loads (scripts before the first API call, time to first content), median of 3');
    for (const page of landing) {
      const runs = [];
      for (let i = 0; i < 3; i += 1) runs.push(await firstLoadOnce(browser, baseUrl, page, session));
      const chosen = medianBy(runs, (r) => r.firstContentMs ?? Number.MAX_SAFE_INTEGER);
      firstLoads.push({ ...chosen, firstContentRuns: runs.map((r) => r.firstContentMs) });
    }
  } finally {
    await browser.close();
  }
  const lighthouse = [];
  for (const pagePath of lighthouseRuns > 0 ? lighthousePages : []) {
    const runs = [];
    for (let i = 1; i <= lighthouseRuns; i += 1) {
      log(`web: Lighthouse ${pagePath} (mobile), run ${i}/${lighthouseRuns}`);
      // Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP) on a busy machine: one more try.
      for (let attempt = 1; attempt <= 2; attempt += 1) {
        try {
          runs.push(await lighthouseOnce(new URL(pagePath, baseUrl).toString()));
          break;
        } catch (error) {
          log(`web: Lighthouse ${pagePath} failed (${error.message.split('\n')[0]})${attempt === 1 ? ': trying again' : ''}`);
        }
      }
    }
    if (runs.length === 0) {
      lighthouse.push({ path: pagePath, runs: 0, error: 'every Lighthouse run failed' });
      continue;
    }
    const chosen = medianBy(runs, (r) => r.scores.performance ?? -1);
    lighthouse.push({ path: pagePath, runs: runs.length, performanceRuns: runs.map((r) => r.scores.performance), ...chosen });
  }
  return { pages, firstLoads, lighthouse };
}

export function printWeb(web) {
  console.log('');
  console.log('Web app: JavaScript of each first page (as Chromium loads it; sizes of the built files)');
  if (web.skipped) {
    console.log(`  skipped: ${web.skipped}`);
    return;
  }
  const rows = web.pages.map((p) => [p.name, String(p.js.files), kb(p.js.raw), kb(p.js.gzip), kb(p.js.brotli), kb(p.js.received)]);
  const header = ['page', 'files', 'raw', 'gzip', 'brotli', 'received'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log('');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  console.log('  received: bytes Chromium got (it accepts brotli, so the .br files); files: scripts fetched until the network was idle');
  for (const p of web.pages) console.log(`  ${p.name}: ${p.scripts.map((s) => path.posix.basename(s.path)).join(', ')}`);
  if (web.firstLoads?.length) {
    console.log('');
    console.log('First load (Chromium, fresh profile, no throttling; median of 3 by time to first content)');
    const frows = web.firstLoads.map((f) => [
      f.name,
      String(f.jsBeforeFirstApi ?? ''),
      f.firstApiMs === null ? '' : String(f.firstApiMs),
      f.firstContentMs === null ? 'never' : String(f.firstContentMs),
      f.firstContentRuns.map((x) => x ?? 'never').join(', '),
    ]);
    const fheader = ['page', 'scripts before 1st API call', '1st API call ms', 'first content ms', 'per run'];
    const fw = fheader.map((h, i) => Math.max(h.length, ...frows.map((r) => r[i].length)));
    const fline = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(fw[i]) : c.padStart(fw[i]))).join('  ');
    console.log(fline(fheader));
    console.log(fw.map((w) => '-'.repeat(w)).join('  '));
    for (const r of frows) console.log(fline(r));
    for (const f of web.firstLoads) console.log(`  ${f.name} ${f.path}: API calls ${f.apiCalls.join(', ')}`);
  }
  if (web.lighthouse.length === 0) return;
  console.log('');
  console.log('Lighthouse (mobile; median of the runs by performance score)');
  for (const l of web.lighthouse.filter((entry) => entry.error)) console.log(`  ${l.path}: ${l.error}`);
  const measured = web.lighthouse.filter((entry) => !entry.error);
  const lrows = measured.map((l) => [
    l.path,
    String(l.scores.performance),
    String(l.scores.accessibility),
    String(l.scores.bestPractices),
    String(l.scores.seo),
    `${Math.round(l.metricsMs.fcp)} / ${Math.round(l.metricsMs.lcp)} / ${Math.round(l.metricsMs.tbt)} / ${l.metricsMs.cls.toFixed(3)}`,
    l.performanceRuns.join(', '),
  ]);
  const lheader = ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'FCP / LCP / TBT ms / CLS', 'performance per run'];
  const lw = lheader.map((h, i) => Math.max(h.length, ...lrows.map((r) => r[i].length)));
  const lline = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(lw[i]) : c.padStart(lw[i]))).join('  ');
  console.log('');
  console.log(lline(lheader));
  console.log(lw.map((w) => '-'.repeat(w)).join('  '));
  for (const r of lrows) console.log(lline(r));
  for (const l of measured) {
    const failed = Object.entries(l.failing).filter(([, ids]) => ids.length > 0);
    if (failed.length) console.log(`  ${l.path} audits not passed: ${failed.map(([cat, ids]) => `${cat}: ${ids.join(', ')}`).join('; ')}`);
  }
}

/** The web goals, in the shape of the HTTP goals. */
export function webGoals(web) {
  const goals = [];
  for (const p of web.pages.filter((page) => page.budget)) {
    goals.push({
      endpoint: `web ${p.name}`,
      goal: `initial JavaScript <= ${kb(p.budget)} gzipped`,
      actual: kb(p.js.gzip),
      met: p.js.gzip <= p.budget,
    });
  }
  for (const l of web.lighthouse.filter((entry) => !entry.error)) {
    goals.push({
      endpoint: `Lighthouse ${l.path}`,
      goal: 'performance >= 95',
      actual: String(l.scores.performance),
      met: l.scores.performance >= 95,
    });
    goals.push({
      endpoint: `Lighthouse ${l.path}`,
      goal: 'accessibility and best practices 100',
      actual: `${l.scores.accessibility} / ${l.scores.bestPractices}`,
      met: l.scores.accessibility === 100 && l.scores.bestPractices === 100,
    });
  }
  return goals;
}
