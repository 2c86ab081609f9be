/** The loopback ports of one Temporal server process (all four services in it). */
export interface TemporalServerPorts {
  frontend: number;
  frontendHttp: number;
  frontendMembership: number;
  history: number;
  historyMembership: number;
  matching: number;
  matchingMembership: number;
  worker: number;
  workerMembership: number;
}

export type TemporalServerConfigOptions = {
  ports: TemporalServerPorts;
  /** The dynamic config file the compose stack uses too (fairness, one partition). */
  dynamicConfigFile: string;
} & (
  | { postgres: { port: number; user: string; password: string } }
  /**
   * Both stores in one SQLite database in the server's memory: gone when it stops, its schema
   * created on start. For a throwaway server, e.g. to try a newer release in a test.
   */
  | { sqliteInMemory: true }
);

/** The config's `persistence` without its shard count: the two stores and their names. */
function stores(options: TemporalServerConfigOptions) {
  if ('sqliteInMemory' in options) {
    // One connection: each connection to an in-memory SQLite database is a database of its own.
    const store = {
      sql: {
        pluginName: 'sqlite',
        databaseName: 'ledgerlift',
        connectAddr: '127.0.0.1',
        connectProtocol: 'tcp',
        connectAttributes: { mode: 'memory', cache: 'private' },
        user: '',
        password: '',
        maxConns: 1,
        maxIdleConns: 1,
        maxConnLifetime: '1h',
      },
    };
    return {
      defaultStore: 'sqlite-default',
      visibilityStore: 'sqlite-visibility',
      datastores: { 'sqlite-default': store, 'sqlite-visibility': store },
    };
  }
  const { postgres } = options;
  const store = (databaseName: string, maxConns: number) => ({
    sql: {
      pluginName: 'postgres12',
      databaseName,
      connectAddr: `127.0.0.1:${postgres.port}`,
      connectProtocol: 'tcp',
      user: postgres.user,
      password: postgres.password,
      maxConns,
      maxIdleConns: maxConns,
      maxConnLifetime: '1h',
    },
  });
  return {
    defaultStore: 'postgres-default',
    visibilityStore: 'postgres-visibility',
    datastores: {
      'postgres-default': store('temporal', 20),
      'postgres-visibility': store('temporal_visibility', 4),
    },
  };
}

/**
 * The server's static config: PostgreSQL (or an in-memory SQLite) for both stores, every service on
 * loopback, the shared dynamic config file. JSON, which YAML reads, so no YAML writer is needed. It
 * holds the database password: the cluster writes it with mode 0600.
 */
export function temporalServerConfig(options: TemporalServerConfigOptions): string {
  const { ports } = options;
  const service = (grpcPort: number, membershipPort: number, httpPort?: number) => ({
    rpc: {
      grpcPort,
      membershipPort,
      bindOnLocalHost: true,
      ...(httpPort ? { httpPort } : {}),
    },
  });
  return JSON.stringify(
    {
      log: { stdout: true, level: 'warn' },
      persistence: {
        ...stores(options),
        numHistoryShards: 4,
      },
      global: { membership: { maxJoinDuration: '30s', broadcastAddress: '127.0.0.1' } },
      services: {
        frontend: service(ports.frontend, ports.frontendMembership, ports.frontendHttp),
        history: service(ports.history, ports.historyMembership),
        matching: service(ports.matching, ports.matchingMembership),
        worker: service(ports.worker, ports.workerMembership),
      },
      clusterMetadata: {
        enableGlobalNamespace: false,
        failoverVersionIncrement: 10,
        masterClusterName: 'active',
        currentClusterName: 'active',
        clusterInformation: {
          active: {
            enabled: true,
            initialFailoverVersion: 1,
            rpcName: 'frontend',
            rpcAddress: `127.0.0.1:${ports.frontend}`,
          },
        },
      },
      dcRedirectionPolicy: { policy: 'noop' },
      dynamicConfigClient: { filepath: options.dynamicConfigFile, pollInterval: '10s' },
    },
    null,
    2,
  );
}
