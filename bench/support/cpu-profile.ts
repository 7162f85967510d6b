import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

/**
 * The V8 CPU profile of this process (the bench's server) over a measured window only (`node
 * --cpu-prof` would include the logins and the setup): `CPU_PROFILE=file` in the environment
 * starts it, `stop()` writes the `.cpuprofile` there (Chrome DevTools or
 * `node --import tsx bench/support/cpu-profile-top.ts file`). Without CPU_PROFILE, nothing.
 */
export async function startCpuProfile(intervalMicros = 200): Promise<{ stop(): Promise<void> }> {
  const file = process.env.CPU_PROFILE;
  if (!file) return { stop: async () => {} };
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: intervalMicros });
  await post('Profiler.start');
  return {
    async stop() {
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
