// The service's money functions are the shared pure ones (src/domain/money.ts).
export * from '../../domain/money.js';
