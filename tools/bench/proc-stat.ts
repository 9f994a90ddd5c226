// One line of Linux's /proc/<pid>/stat (or /proc/<pid>/task/<tid>/stat), read by the benchmarks
// that count CPU: bench-api (the server's threads) and bench-dev (the browser's processes).

export interface ProcStat {
  /** The parent process's id. */
  parent: number;
  /** User + system CPU seconds (utime and stime, in USER_HZ: 100 on Linux). */
  cpuSeconds: number;
}

export function procStat(line: string): ProcStat {
  // After the command's closing parenthesis (a command may hold spaces): state, parent, … utime (12th), stime (13th).
  const fields = line.slice(line.lastIndexOf(") ") + 2).split(" ");
  return { parent: Number(fields[1]), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100 };
}
