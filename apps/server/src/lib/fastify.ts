import 'fastify';

// Types the server adds to Fastify's instance and requests. A module that adds a decoration of its own declares it
// beside its code (the catalogue's index: modules/catalog/catalog-index-keeper.ts), so lib/ knows no module.
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { DiskFaultLog } from './disk-faults';

export interface SignedInUser {
  id: number;
  login: string;
  tokenHash: string;
  /** Price types of the contracts of the user's companies, in company then contract order (read with the session). */
  priceTypes: readonly string[];
  /** The companies the user acts for, with the role in each (read with the session, as current as it). */
  companies: readonly CompanyLink[];
}

/** A live link of the user to a company: its id and the role stored for the user there. */
export interface CompanyLink {
  partnerId: number;
  role: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** The last full or read-only disk met, for readiness (lib/disk-faults.ts). */
    diskFaults: DiskFaultLog;
  }
  interface FastifyRequest {
    /** Set by the auth hook on every /api route that is not public; null on public routes without a valid token. */
    user: SignedInUser | null;
  }
  interface FastifyContextConfig {
    /** The route answers without a session (sign-in, version, public content, integration with its own key). */
    public?: boolean;
    /**
     * The route never asks who is calling (liveness and readiness probes), so the hook does not read the session
     * either: a probe that sends a stale Authorization header still gets its answer while the database is down.
     */
    ignoresSession?: boolean;
    /** The body is a batch whose items are validated one by one (the integration API): see lib/input-guard.ts. */
    itemsCheckedOneByOne?: boolean;
  }
}
