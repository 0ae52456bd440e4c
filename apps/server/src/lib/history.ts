/**
 * How a service records what a caller did: by default as news (now, mailed, notified). A history written after the
 * fact (the demo seed's past: orders billed, shipments requested and claims filed weeks ago) gives `asOf`, the moment
 * it happened: the rows are dated then and nothing is mailed, notified or pushed — a history is no news.
 */
export interface HistoryOptions {
  asOf?: Date;
}
