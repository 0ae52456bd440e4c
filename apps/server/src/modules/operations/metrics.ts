/**
 * What the portal reports to Prometheus, in its text exposition format (version 0.0.4), kept in this process:
 * requests answered and their latencies per route pattern (never per raw URL: the label set stays bounded), orders
 * placed, the use of the database connections and the embedded engine's memory. Several processes on one PostgreSQL
 * are summed by Prometheus.
 */
import type { PoolUse } from '../../db/client';

/** Latency bucket bounds in seconds: from a primary-key lookup to a large document. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Latency {
  method: string;
  route: string;
  /** Observations per bucket (not cumulative; summed when rendered), the last one for +Inf. */
  counts: number[];
  sum: number;
}

export class Metrics {
  private readonly requests = new Map<string, { method: string; route: string; status: number; count: number }>();
  private readonly latencies = new Map<string, Latency>();
  private ordersPlaced = 0;
  private readonly exchangePackages = new Map<string, { type: string; outcome: string; count: number; seconds: number }>();

  /** One answered request: `route` is the route's pattern (e.g. /api/user/order/:id). */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const requestKey = `${method} ${route} ${status}`;
    const counted = this.requests.get(requestKey);
    if (counted) counted.count++;
    else this.requests.set(requestKey, { method, route, status, count: 1 });

    const latencyKey = `${method} ${route}`;
    let latency = this.latencies.get(latencyKey);
    if (!latency) {
      latency = { method, route, counts: new Array<number>(BUCKETS.length + 1).fill(0), sum: 0 };
      this.latencies.set(latencyKey, latency);
    }
    const bucket = BUCKETS.findIndex((bound) => seconds <= bound);
    latency.counts[bucket === -1 ? BUCKETS.length : bucket]!++;
    latency.sum += seconds;
  }

  orderPlaced(): void {
    this.ordersPlaced++;
  }

  /** One package of the 1C exchange imported (`type` catalog or sale), applied (success) or refused (failure). */
  exchangePackage(type: string, outcome: 'success' | 'failure', seconds: number): void {
    const key = `${type} ${outcome}`;
    const counted = this.exchangePackages.get(key) ?? { type, outcome, count: 0, seconds: 0 };
    counted.count++;
    counted.seconds += seconds;
    this.exchangePackages.set(key, counted);
  }

  /** `engineMemory`: the embedded engine's memory in bytes (Database.engineMemory); undefined on PostgreSQL. */
  render(pool: PoolUse, engineMemory?: number): string {
    const lines: string[] = [];
    const family = (name: string, type: string, help: string) => lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);

    family('portal_http_requests_total', 'counter', 'HTTP requests answered, by method, route pattern and status code.');
    for (const { method, route, status, count } of this.requests.values()) {
      lines.push(`portal_http_requests_total${labels({ method, route, status: String(status) })} ${count}`);
    }

    family('portal_http_request_duration_seconds', 'histogram', 'Time from receiving a request to sending its answer, by method and route pattern.');
    for (const { method, route, counts, sum } of this.latencies.values()) {
      let cumulative = 0;
      BUCKETS.forEach((bound, i) => {
        cumulative += counts[i]!;
        lines.push(`portal_http_request_duration_seconds_bucket${labels({ method, route, le: String(bound) })} ${cumulative}`);
      });
      cumulative += counts[BUCKETS.length]!;
      lines.push(`portal_http_request_duration_seconds_bucket${labels({ method, route, le: '+Inf' })} ${cumulative}`);
      lines.push(`portal_http_request_duration_seconds_sum${labels({ method, route })} ${sum}`);
      lines.push(`portal_http_request_duration_seconds_count${labels({ method, route })} ${cumulative}`);
    }

    family('portal_orders_placed_total', 'counter', 'Orders placed by this process (answers 200 to POST /api/order/add, retries answered from the first answer not counted).');
    lines.push(`portal_orders_placed_total ${this.ordersPlaced}`);

    family('portal_exchange_1c_packages_total', 'counter', 'Packages of the 1C exchange imported by this process, by exchange type and outcome.');
    for (const { type, outcome, count } of this.exchangePackages.values()) lines.push(`portal_exchange_1c_packages_total${labels({ type, outcome })} ${count}`);
    family('portal_exchange_1c_package_seconds_total', 'counter', 'Time spent importing packages of the 1C exchange, by exchange type and outcome (divide by the packages for the mean).');
    for (const { type, outcome, seconds } of this.exchangePackages.values()) lines.push(`portal_exchange_1c_package_seconds_total${labels({ type, outcome })} ${seconds}`);

    family('portal_db_pool_size', 'gauge', 'Database connections this process may hold (1 for the embedded database).');
    lines.push(`portal_db_pool_size ${pool.size}`);
    family('portal_db_pool_busy', 'gauge', 'Database connections running a statement or a transaction now.');
    lines.push(`portal_db_pool_busy ${pool.busy}`);
    family('portal_db_pool_waiting', 'gauge', 'Statements and transactions waiting for a database connection now.');
    lines.push(`portal_db_pool_waiting ${pool.waiting}`);
    if (engineMemory !== undefined) {
      family('portal_db_engine_memory_bytes', 'gauge', 'Memory of the embedded database engine, its page cache included; it never shrinks and cannot pass 2 GB.');
      lines.push(`portal_db_engine_memory_bytes ${engineMemory}`);
    }

    return `${lines.join('\n')}\n`;
  }
}

function labels(values: Record<string, string>): string {
  const pairs = Object.entries(values).map(([name, value]) => `${name}="${value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"')}"`);
  return `{${pairs.join(',')}}`;
}
