/** The product name the footer and login page carry (the spec leaves it to us). */
export const PRODUCT_NAME = 'Nusa Payments Back Office';
export const FOOTER_YEAR = 2022;
export const LOGIN_YEAR = 2025;
/** Shown in invoice headers as the address for questions. */
export const SUPPORT_EMAIL = 'support@nusapay.co.id';
