// The VAT table's public face: other modules use these, never its repository.
export { dealerVatOn, listVatRates, setVatRate, vatPercentsOn } from './vat.service';
