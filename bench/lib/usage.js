// Preload for measured child processes: `node --import bench/lib/usage.js …`. At exit it writes
// the process's own resource usage (peak RSS from getrusage, CPU time) as JSON to the file named
// by MASG_BENCH_USAGE_FILE, so the parent gets figures that belong to that one process and
// nothing has to be added to the measured program's stdout or stderr. Loads only node:fs.
import { writeFileSync } from 'node:fs';

const file = process.env.MASG_BENCH_USAGE_FILE;
if (file) {
  process.on('exit', (code) => {
    const u = process.resourceUsage();
    writeFileSync(file, JSON.stringify({ code, maxRssKb: u.maxRSS, userUs: u.userCPUTime, systemUs: u.systemCPUTime }));
  });
}
