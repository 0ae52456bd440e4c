// The 1C exchange (CommerceML 2 «обмен с сайтом»): the route app.ts registers at EXCHANGE_PATH, the exchange log for
// the operators' command line, and the answer helpers the orders side (sale/) shares.
export { exchange1cRoutes } from './exchange-1c.routes';
export { exchangeLogLines } from './exchange-log';
export { failure, progress, success, textAnswer, type ExchangeAnswer } from './answer';
// Orders the back office has already (the demo seed's history) are not handed to 1C's first query.
export { markOrdersTakenByOneC } from './sale';
