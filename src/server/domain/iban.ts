// IBANs of bank accounts: the pure rules live in src/domain/iban.ts, shared with the CLI's QR-bill.
export { isQrIban, isValidIban, normaliseIban } from '../../domain/iban.js';
