// The product's name, used in the logo, page titles and the welcome copy.
export const APP_NAME = 'Hearthside';

export const pageTitle = (title: string): string => `${title} · ${APP_NAME}`;
