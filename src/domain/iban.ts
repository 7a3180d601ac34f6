// IBANs of bank accounts (pure, shared by the service and the CLI): stored in electronic form (no
// spaces or hyphens, upper case), checked with ibantools (country length, BBAN format, mod-97 check
// digits). A Swiss or Liechtenstein IBAN has 21 characters; only those can go on a QR-bill.
import { isQRIBAN, isValidIBAN } from 'ibantools';

/** Spaces (any white space) and hyphens removed, upper case. */
export const normaliseIban = (raw: string): string => raw.replace(/[\s-]+/g, '').toUpperCase();

export const isValidIban = (iban: string): boolean => isValidIBAN(normaliseIban(iban));

/** A QR-IBAN (CH or LI, institution id in characters 5 to 9 within 30000-31999) needs QR references on bills. */
export const isQrIban = (iban: string): boolean => isQRIBAN(normaliseIban(iban));

/** The countries whose IBANs a QR-bill takes. */
const QR_IBAN_COUNTRIES: readonly string[] = ['CH', 'LI'];

/** A valid IBAN of Switzerland or Liechtenstein (the only ones a QR-bill accepts). */
export const isSwissIban = (iban: string): boolean =>
  isValidIban(iban) && QR_IBAN_COUNTRIES.includes(normaliseIban(iban).slice(0, 2));
