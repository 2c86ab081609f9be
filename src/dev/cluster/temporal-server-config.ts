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

export interface TemporalServerConfigOptions {
  ports: TemporalServerPorts;
  postgres: { port: number; user: string; password: string };
  /** The dynamic config file the compose stack uses too (fairness, one partition). */
  dynamicConfigFile: string;
}

/**
 * The server's static config: PostgreSQL for both stores, every service on loopback, the shared
 * dynamic config file. JSON, which YAML reads, so no YAML writer is needed. It holds the database
 * password: the cluster writes it with mode 0600.
 */
export function temporalServerConfig(options: TemporalServerConfigOptions): string {
  const { ports, postgres } = options;
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
        defaultStore: 'postgres-default',
        visibilityStore: 'postgres-visibility',
        numHistoryShards: 4,
        datastores: {
          'postgres-default': store('temporal', 20),
          'postgres-visibility': store('temporal_visibility', 4),
        },
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
