/** Support address of spec §2 (contact page); replies within 24 hours (spec §9). */
export const SUPPORT_EMAIL = 'contato@cadernos.app';
export const SUPPORT_MAILTO = `mailto:${SUPPORT_EMAIL}`;
