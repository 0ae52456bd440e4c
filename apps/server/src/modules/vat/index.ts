// The VAT table's public face: other modules use these, never its repository.
export { listVatRates, setVatRate, vatPercentsOn } from './vat.service';
