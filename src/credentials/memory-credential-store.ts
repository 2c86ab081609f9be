import type {
  CredentialProfile,
  CredentialStore,
  LockedCredentialStore,
} from './credential-store.js';

/**
 * A credential store held in memory, for tests and for one-off tools that must not touch disk.
 * Its lock serializes callers within this process only.
 */
export function createMemoryCredentialStore(
  initial: Record<string, CredentialProfile> = {},
): CredentialStore {
  const profiles = new Map<string, CredentialProfile>(
    Object.entries(initial).map(([name, profile]) => [name, structuredClone(profile)]),
  );
  let tail: Promise<unknown> = Promise.resolve();

  const locked: LockedCredentialStore = {
    read: (name) => Promise.resolve(copyOf(profiles.get(name))),
    write: (name, profile) => {
      profiles.set(name, structuredClone(profile));
      return Promise.resolve();
    },
  };

  const withLock = <T>(work: (store: LockedCredentialStore) => Promise<T>): Promise<T> => {
    const result = tail.then(() => work(locked));
    tail = result.catch(() => undefined);
    return result;
  };

  return {
    location: 'memory',
    getProfile: (name) => Promise.resolve(copyOf(profiles.get(name))),
    listProfiles: () => Promise.resolve([...profiles.keys()].sort()),
    putProfile: (name, profile) => withLock((store) => store.write(name, profile)),
    deleteProfile: (name) => withLock(() => Promise.resolve(profiles.delete(name))),
    withLock,
  };
}

function copyOf(profile: CredentialProfile | undefined): CredentialProfile | undefined {
  return profile === undefined ? undefined : structuredClone(profile);
}
