// The words of a proposal's public page beyond those of its PDF (labels.ts), in the proposal's
// language (de, en, fr, it). Pure data; share-page.ts reads them. The pages that know no proposal (a
// link that is not valid, too many requests) say their line in all four languages.
import type { Lang } from '../domain/documents.js';

export interface ShareLabels {
  pdf: string;
  answer: string;
  answerIntro: (company: string) => string;
  accept: string;
  decline: string;
  name: string;
  comment: string;
  acceptButton: string;
  declineButton: string;
  nameRequired: string;
  tooLong: (max: number) => string;
  /** "Angenommen am 12.05.2026" */
  accepted: (date: string) => string;
  declined: (date: string) => string;
  /** "von Anna Muster" after the outcome */
  by: (name: string) => string;
  thanksAccepted: string;
  thanksDeclined: string;
  confirmation: string;
  expired: (date: string) => string;
  contact: (company: string) => string;
  /** why an answer was not taken (409) */
  notTaken: string;
  /** the company's subscription expired: the page answers 402, as the API does */
  unavailable: string;
  already: { accepted: string; declined: string; confirmation: string };
}

export const SHARE_LABELS: Readonly<Record<Lang, ShareLabels>> = {
  de: {
    pdf: 'Als PDF herunterladen',
    answer: 'Ihre Antwort',
    answerIntro: (c) => `Teilen Sie ${c} mit, ob Sie die Offerte annehmen.`,
    accept: 'Annehmen',
    decline: 'Ablehnen',
    name: 'Ihr Name',
    comment: 'Bemerkung (freiwillig)',
    acceptButton: 'Offerte annehmen',
    declineButton: 'Offerte ablehnen',
    nameRequired: 'Bitte geben Sie Ihren Namen an.',
    tooLong: (n) => `Höchstens ${n} Zeichen.`,
    accepted: (d) => `Angenommen am ${d}`,
    declined: (d) => `Abgelehnt am ${d}`,
    by: (n) => `von ${n}`,
    thanksAccepted: 'Vielen Dank für Ihren Auftrag.',
    thanksDeclined: 'Vielen Dank für Ihre Rückmeldung.',
    confirmation: 'Aus dieser Offerte ist eine Auftragsbestätigung geworden.',
    expired: (d) => `Diese Offerte war gültig bis ${d} und kann hier nicht mehr angenommen werden.`,
    contact: (c) => `Bitte wenden Sie sich an ${c}.`,
    notTaken: 'Ihre Antwort wurde nicht übernommen.',
    unavailable: 'Diese Offerte ist zurzeit nicht verfügbar.',
    already: {
      accepted: 'Diese Offerte wurde bereits angenommen.',
      declined: 'Diese Offerte wurde bereits abgelehnt.',
      confirmation: 'Diese Offerte ist bereits eine Auftragsbestätigung.',
    },
  },
  en: {
    pdf: 'Download as PDF',
    answer: 'Your answer',
    answerIntro: (c) => `Let ${c} know whether you accept this proposal.`,
    accept: 'Accept',
    decline: 'Decline',
    name: 'Your name',
    comment: 'Comment (optional)',
    acceptButton: 'Accept proposal',
    declineButton: 'Decline proposal',
    nameRequired: 'Please enter your name.',
    tooLong: (n) => `At most ${n} characters.`,
    accepted: (d) => `Accepted on ${d}`,
    declined: (d) => `Declined on ${d}`,
    by: (n) => `by ${n}`,
    thanksAccepted: 'Thank you for your order.',
    thanksDeclined: 'Thank you for letting us know.',
    confirmation: 'This proposal has become an order confirmation.',
    expired: (d) => `This proposal was valid until ${d} and can no longer be accepted here.`,
    contact: (c) => `Please get in touch with ${c}.`,
    notTaken: 'Your answer was not recorded.',
    unavailable: 'This proposal is not available at the moment.',
    already: {
      accepted: 'This proposal has already been accepted.',
      declined: 'This proposal has already been declined.',
      confirmation: 'This proposal is already an order confirmation.',
    },
  },
  fr: {
    pdf: 'Télécharger en PDF',
    answer: 'Votre réponse',
    answerIntro: (c) => `Indiquez à ${c} si vous acceptez cette offre.`,
    accept: 'Accepter',
    decline: 'Refuser',
    name: 'Votre nom',
    comment: 'Commentaire (facultatif)',
    acceptButton: 'Accepter l’offre',
    declineButton: 'Refuser l’offre',
    nameRequired: 'Veuillez indiquer votre nom.',
    tooLong: (n) => `${n} caractères au plus.`,
    accepted: (d) => `Acceptée le ${d}`,
    declined: (d) => `Refusée le ${d}`,
    by: (n) => `par ${n}`,
    thanksAccepted: 'Merci pour votre commande.',
    thanksDeclined: 'Merci de votre réponse.',
    confirmation: 'Cette offre est devenue une confirmation de commande.',
    expired: (d) => `Cette offre était valable jusqu’au ${d} et ne peut plus être acceptée ici.`,
    contact: (c) => `Veuillez vous adresser à ${c}.`,
    notTaken: 'Votre réponse n’a pas été enregistrée.',
    unavailable: 'Cette offre n’est pas disponible pour le moment.',
    already: {
      accepted: 'Cette offre a déjà été acceptée.',
      declined: 'Cette offre a déjà été refusée.',
      confirmation: 'Cette offre est déjà une confirmation de commande.',
    },
  },
  it: {
    pdf: 'Scarica in PDF',
    answer: 'La sua risposta',
    answerIntro: (c) => `Comunichi a ${c} se accetta questa offerta.`,
    accept: 'Accettare',
    decline: 'Rifiutare',
    name: 'Il suo nome',
    comment: 'Commento (facoltativo)',
    acceptButton: 'Accettare l’offerta',
    declineButton: 'Rifiutare l’offerta',
    nameRequired: 'Indichi il suo nome, per favore.',
    tooLong: (n) => `Al massimo ${n} caratteri.`,
    accepted: (d) => `Accettata il ${d}`,
    declined: (d) => `Rifiutata il ${d}`,
    by: (n) => `da ${n}`,
    thanksAccepted: 'Grazie per il suo ordine.',
    thanksDeclined: 'Grazie per la sua risposta.',
    confirmation: 'Questa offerta è diventata una conferma d’ordine.',
    expired: (d) => `Questa offerta era valida fino al ${d} e non può più essere accettata qui.`,
    contact: (c) => `Si rivolga a ${c}, per favore.`,
    notTaken: 'La sua risposta non è stata registrata.',
    unavailable: 'Questa offerta non è disponibile al momento.',
    already: {
      accepted: 'Questa offerta è già stata accettata.',
      declined: 'Questa offerta è già stata rifiutata.',
      confirmation: 'Questa offerta è già una conferma d’ordine.',
    },
  },
};

export const shareLabelsFor = (lang: string): ShareLabels => SHARE_LABELS[(lang in SHARE_LABELS ? lang : 'de') as Lang];

/** The pages that know no proposal, one line per language. */
export const NOT_VALID = [
  'Dieser Link ist nicht gültig.',
  'This link is not valid.',
  'Ce lien n’est pas valable.',
  'Questo link non è valido.',
] as const;
export const TOO_MANY = [
  'Zu viele Anfragen. Bitte versuchen Sie es in einer Minute wieder.',
  'Too many requests. Please try again in a minute.',
  'Trop de requêtes. Veuillez réessayer dans une minute.',
  'Troppe richieste. Riprovi tra un minuto, per favore.',
] as const;
export const NOT_ALLOWED = [
  'Diese Anfrage ist hier nicht möglich.',
  'This request is not possible here.',
  'Cette requête n’est pas possible ici.',
  'Questa richiesta non è possibile qui.',
] as const;
export const FOREIGN = [
  'Diese Antwort kann nur auf der Seite der Offerte selbst gegeben werden.',
  "This answer can only be given on the proposal's own page.",
  'Cette réponse ne peut être donnée que sur la page de l’offre elle-même.',
  'Questa risposta può essere data solo sulla pagina dell’offerta stessa.',
] as const;
export const FAILED = [
  'Ein Fehler ist aufgetreten. Bitte versuchen Sie es später wieder.',
  'Something went wrong. Please try again later.',
  'Une erreur s’est produite. Veuillez réessayer plus tard.',
  'Si è verificato un errore. Riprovi più tardi, per favore.',
] as const;
