// IBANs of bank accounts: stored in electronic form (no spaces or hyphens, upper case), checked with
// ibantools (country length, BBAN format, mod-97 check digits). A Swiss or Liechtenstein IBAN has 21
// characters.
import { isQRIBAN, isValidIBAN } from 'ibantools';

/** Spaces (any white space) and hyphens removed, upper case. */
export const normaliseIban = (raw: string): string => raw.replace(/[\s-]+/g, '').toUpperCase();

export const isValidIban = (iban: string): boolean => isValidIBAN(normaliseIban(iban));

/** A QR-IBAN (institution id 30000-31999) needs QR references on bills. */
export const isQrIban = (iban: string): boolean => isQRIBAN(normaliseIban(iban));
