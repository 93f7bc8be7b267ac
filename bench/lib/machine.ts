import { cpus, freemem, loadavg, platform, release, totalmem } from 'node:os';

/** The machine a run happened on: figures are only comparable within one machine. */
export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryGb: number;
  freeMemoryGb: number;
  /** 1-minute load average when the run began: above the core count, other work shared the CPU and timings are noisier. */
  loadAverageAtStart: number | null;
  os: string;
  node: string;
  chromium: string | null;
  date: string;
}

/** The 1-minute load average now (null where the OS has none, as on Windows). */
export function currentLoad(): number | null {
  const [oneMinute] = loadavg();
  return platform() === 'win32' || oneMinute === undefined ? null : Math.round(oneMinute * 100) / 100;
}

export function machineInfo(chromium: string | null, loadAverageAtStart: number | null): MachineInfo {
  const cpu = cpus();
  const gb = (bytes: number) => Math.round((bytes / 1024 ** 3) * 10) / 10;
  return {
    cpuModel: cpu[0]?.model.trim() ?? 'unknown',
    cores: cpu.length,
    memoryGb: gb(totalmem()),
    freeMemoryGb: gb(freemem()),
    loadAverageAtStart,
    os: `${platform()} ${release()}`,
    node: process.version,
    chromium,
    date: new Date().toISOString(),
  };
}
