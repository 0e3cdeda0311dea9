// CPU time of the server under test, from /proc (Linux; zeros elsewhere): shared by reads.mjs, moderation.mjs and cluster.mjs.
import { readdirSync, readFileSync } from 'node:fs';

/** utime + stime (clock ticks, 100 a second) and parent of each process, from /proc (empty where there is none). */
export function processTable() {
  const table = new Map();
  let entries = [];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return table;
  }
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(pid), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/**
 * CPU ticks of the server's Node process and of its descendants (the embedded PostgreSQL and its backends). Per
 * request this is steadier than req/s on a shared machine: others slow the server down but barely change the CPU
 * each request takes.
 */
export function serverCpu(pid) {
  const table = processTable();
  const node = table.get(pid)?.ticks ?? 0;
  let db = 0;
  const inTree = (p) => {
    for (let q = table.get(p)?.ppid; q; q = table.get(q)?.ppid) if (q === pid) return true;
    return false;
  };
  for (const [p, row] of table) if (p !== pid && inTree(p)) db += row.ticks;
  return { node, db };
}
