// Error codes of the API and the French message a user reads for each.
// The server answers { error: { code, message, fields? } }; the client shows `message`.

export const ERROR_MESSAGES = {
  VALIDATION_FAILED: 'Certaines informations sont invalides. Vérifiez les champs indiqués.',
  BAD_REQUEST: 'La requête est invalide.',
  UNAUTHENTICATED: 'Connexion requise.',
  FORBIDDEN: "Vous n'avez pas accès à cette ressource.",
  NOT_FOUND: "La ressource demandée n'existe pas.",
  ROUTE_NOT_FOUND: "Cette adresse de l'API n'existe pas.",
  COURSE_NOT_FOUND: "Ce cours n'a pas été trouvé.",
  RECIPE_NOT_FOUND: "Cette recette n'a pas été trouvée.",
  CHEF_NOT_FOUND: 'Chef non trouvé.',
  CONFLICT: 'Cette action entre en conflit avec une autre. Réessayez.',
  PAYLOAD_TOO_LARGE: 'Le contenu envoyé est trop volumineux.',
  UNSUPPORTED_MEDIA_TYPE: "Ce type de contenu n'est pas accepté.",
  RATE_LIMITED: 'Trop de tentatives. Réessayez dans quelques minutes.',
  INVALID_CREDENTIALS: 'Adresse courriel ou mot de passe incorrect.',
  INVALID_CURRENT_PASSWORD: 'Le mot de passe actuel est incorrect.',
  INVALID_RESET_TOKEN: 'Lien invalide ou expiré',
  CROSS_SITE_REQUEST: "Requête refusée : elle ne provient pas du site Toque. Rechargez la page et réessayez.",
  SUBSCRIPTION_REQUIRED: 'Cette section est réservée aux abonnés.',
  FILE_TOO_LARGE: 'Le fichier est trop volumineux : 2 Mo au maximum.',
  UNSUPPORTED_IMAGE_TYPE: "Ce fichier n'est pas une image JPG, PNG, GIF ou WebP.",
  IMAGE_TOO_MANY_PIXELS: "Cette image est trop grande (plus de 40 mégapixels). Réduisez-la puis réessayez.",
  IMAGE_UNREADABLE: "Cette image est illisible ou endommagée. Essayez avec une autre image.",
  UPLOAD_RATE_LIMITED: "Trop d'envois de photos en peu de temps. Réessayez plus tard.",
  PROVINCE_REQUIRED: 'Indiquez votre province de résidence : elle détermine les taxes applicables.',
  COURSE_UNAVAILABLE: "Ce cours n'est plus offert. Retirez-le de votre panier.",
  SESSION_REQUIRED: 'Choisissez une séance pour ce cours en direct avant de payer.',
  SESSION_UNAVAILABLE: "Cette séance n'est plus offerte. Choisissez-en une autre.",
  ALREADY_PURCHASED: 'Vous avez déjà acheté ce cours.',
  COURSE_FREE: "Ce cours est gratuit : il est ouvert à tous, sans achat.",
  ORDER_NOT_FOUND: "Cette commande n'existe pas.",
  ORDER_NOT_PAYABLE: 'Cette commande ne peut plus être payée.',
  PAYMENT_DECLINED: 'Votre carte a été refusée.',
  PAYMENT_PROVIDER_ERROR: 'Le service de paiement ne répond pas. Réessayez dans un instant.',
  WEBHOOK_SIGNATURE_INVALID: 'Signature du webhook invalide.',
  REFUND_NOT_ALLOWED: 'Cette commande ne peut pas être remboursée.',
  REFUND_TOO_LARGE: 'Le remboursement dépasse ce qui reste à rembourser sur cette ligne.',
  REFUND_NOT_FOUND: "Ce remboursement n'existe pas.",
  RECEIPT_NOT_AVAILABLE: 'Le reçu sera disponible une fois le paiement confirmé.',
  CREDIT_NOTE_NOT_AVAILABLE: 'La note de crédit sera disponible une fois le remboursement effectué.',
  SERVICE_UNAVAILABLE: 'Le service est momentanément indisponible. Réessayez dans un instant.',
  INTERNAL: 'Une erreur inattendue est survenue.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  COURSE_NOT_FOUND: 404,
  RECIPE_NOT_FOUND: 404,
  CHEF_NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INVALID_CREDENTIALS: 401,
  INVALID_CURRENT_PASSWORD: 400,
  INVALID_RESET_TOKEN: 400,
  CROSS_SITE_REQUEST: 403,
  SUBSCRIPTION_REQUIRED: 403,
  FILE_TOO_LARGE: 413,
  UNSUPPORTED_IMAGE_TYPE: 415,
  IMAGE_TOO_MANY_PIXELS: 422,
  IMAGE_UNREADABLE: 422,
  UPLOAD_RATE_LIMITED: 429,
  PROVINCE_REQUIRED: 422,
  COURSE_UNAVAILABLE: 409,
  SESSION_REQUIRED: 422,
  SESSION_UNAVAILABLE: 409,
  ALREADY_PURCHASED: 409,
  COURSE_FREE: 409,
  ORDER_NOT_FOUND: 404,
  ORDER_NOT_PAYABLE: 409,
  PAYMENT_DECLINED: 402,
  PAYMENT_PROVIDER_ERROR: 502,
  WEBHOOK_SIGNATURE_INVALID: 400,
  REFUND_NOT_ALLOWED: 409,
  REFUND_TOO_LARGE: 422,
  REFUND_NOT_FOUND: 404,
  RECEIPT_NOT_AVAILABLE: 409,
  CREDIT_NOTE_NOT_AVAILABLE: 409,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** The body of every error response of the API. */
export type ApiErrorBody = {
  error: {
    code: ErrorCode;
    message: string;
    /** Per-field French messages, keyed by the input's field name. */
    fields?: Record<string, string>;
    requestId?: string;
  };
};
