// Types of cluster/cluster.mjs for the TypeScript callers (the failure test, bench/cluster).
import type { ChildProcess } from 'node:child_process';

export const ROOT: string;
export const SERVER_ENTRY: string;
export function ensureHaproxy(): void;
export function buildServer(): void;
export function haproxyConfig(options: { bind: string; statsBind: string; ports: number[] }): string;

export interface ClusterNode {
  index: number;
  port: number;
  metricsPort: number;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface ClusterOptions {
  nodes?: number;
  port?: number;
  host?: string;
  basePort?: number;
  metricsBasePort?: number;
  statsPort?: number;
  databaseUrl: string;
  redisUrl?: string;
  env?: Record<string, string>;
  log?: (line: string) => void;
  quiet?: boolean;
}

export interface Cluster {
  address: string;
  statsAddress: string;
  configFile: string;
  nodes: ClusterNode[];
  kill(index: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  restart(index: number): Promise<void>;
  stop(): Promise<void>;
}

export function startCluster(options: ClusterOptions): Promise<Cluster>;
