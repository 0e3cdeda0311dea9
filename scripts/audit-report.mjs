#!/usr/bin/env node
// Lists the advisories npm knows for the lockfile (`npm audit --json`), production dependencies first. A report, not
// a gate: it always exits 0, so an unreachable or unanswering advisory endpoint never fails the build; a high or
// critical advisory is printed in a banner the CI log cannot hide. `AUDIT_JSON=<file>` reads a saved report instead
// of asking the registry (used to check this script's output). See docs/SECURITY.md, "Learning of advisories".
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const SEVERITIES = ['critical', 'high', 'moderate', 'low', 'info'];

function audit(args) {
  if (process.env.AUDIT_JSON) return JSON.parse(readFileSync(process.env.AUDIT_JSON, 'utf8'));
  let out;
  try {
    out = execFileSync('npm', ['audit', '--json', ...args], { encoding: 'utf8', timeout: 120_000, stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (error) {
    // npm audit exits 1 when it finds advisories, and also when the endpoint fails: the JSON tells which.
    out = error.stdout ?? '';
  }
  try {
    return JSON.parse(out);
  } catch {
    return { message: out.trim().slice(0, 200) || 'no answer (timeout or network error)' };
  }
}

function report(label, data) {
  if (!data.vulnerabilities || !data.metadata) {
    const why = data.statusCode ? `HTTP ${data.statusCode}` : data.error?.summary || data.message || 'no answer';
    console.log(`audit (${label}): the advisory endpoint did not answer (${why}); nothing checked. See docs/SECURITY.md.`);
    return { answered: false, serious: 0 };
  }
  const counts = data.metadata.vulnerabilities;
  console.log(`audit (${label}): ${SEVERITIES.map((s) => `${counts[s] ?? 0} ${s}`).join(', ')}`);
  const rows = Object.values(data.vulnerabilities).sort(
    (a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) || a.name.localeCompare(b.name),
  );
  let serious = 0;
  for (const v of rows) {
    const advisories = v.via.filter((x) => typeof x === 'object');
    const through = v.via.filter((x) => typeof x === 'string');
    const mark = v.severity === 'high' || v.severity === 'critical' ? '!!' : '  ';
    if (mark === '!!') serious += 1;
    const what = advisories.length ? advisories.map((a) => `${a.title} (${a.url})`).join('; ') : `through ${through.join(', ')}`;
    const fix =
      v.fixAvailable === false
        ? 'no fix yet'
        : v.fixAvailable === true
          ? 'fix: npm audit fix'
          : v.fixAvailable
            ? `fix: ${v.fixAvailable.name}@${v.fixAvailable.version}`
            : '';
    console.log(`${mark} ${v.severity.padEnd(8)} ${v.name} ${v.range}: ${what}${fix ? ` [${fix}]` : ''}`);
  }
  return { answered: true, serious };
}

const prod = report('production dependencies', audit(['--omit=dev']));
const all = process.env.AUDIT_JSON ? prod : report('all dependencies', audit([]));
if (prod.serious + all.serious > 0) {
  const line = '!'.repeat(78);
  console.log(
    `\n${line}\n!! ${prod.serious} high/critical advisories in production dependencies, ${all.serious} in all (marked !! above).\n!! Upgrade or record why not in docs/SECURITY.md. This step reports; it does not fail the build.\n${line}`,
  );
}
process.exit(0);
