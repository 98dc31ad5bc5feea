/** Texts of purchases that the server answers with. */
export const PURCHASE_MESSAGES = {
  unknownPackage: 'There is no such package',
  unknownPack: 'There is no such token pack',
  notFound: 'Purchase not found',
  providerFailed: 'The payment provider could not start the checkout, please try again',
  notPending: 'This purchase is no longer waiting for payment',
  unavailable: 'Payments are not available on this server',
  badSignature: 'The webhook signature is missing, invalid or too old',
} as const;
