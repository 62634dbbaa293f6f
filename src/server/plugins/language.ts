import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LANGUAGE, isLanguage, type Language, languageFromHeader } from '#shared/i18n/language';
import { translate } from '#shared/i18n/messages';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    t(key: string, params?: Record<string, string | number>): string;
  }
}

/** The caller's language: `?lang=` first, then Accept-Language, else Indonesian. */
export function requestLanguage(request: FastifyRequest): Language {
  const query = request.query as Record<string, unknown> | undefined;
  if (isLanguage(query?.lang)) return query.lang;
  return languageFromHeader(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;
}

export const languagePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', DEFAULT_LANGUAGE);
  app.decorateRequest(
    't',
    function (this: FastifyRequest, key: string, params?: Record<string, string | number>) {
      return translate(this.lang, key, params);
    },
  );
  app.addHook('onRequest', async (request) => {
    request.lang = requestLanguage(request);
  });
});
