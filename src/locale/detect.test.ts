import { describe, expect, it } from 'vitest';
import { detectLocale, localeFromBrowser, localeFromPath, localizePath, stripLocalePrefix } from './detect.ts';

describe('localeFromPath', () => {
  it('reads the /en prefix only as a whole path segment', () => {
    expect(localeFromPath('/en')).toBe('en-US');
    expect(localeFromPath('/en/faq')).toBe('en-US');
    expect(localeFromPath('/entrar')).toBeUndefined();
    expect(localeFromPath('/faq')).toBeUndefined();
    expect(localeFromPath('/')).toBeUndefined();
  });
});

describe('path rewriting', () => {
  it('strips the prefix', () => {
    expect(stripLocalePrefix('/en/notebook/42/edit')).toBe('/notebook/42/edit');
    expect(stripLocalePrefix('/en')).toBe('/');
    expect(stripLocalePrefix('/sobre')).toBe('/sobre');
  });

  it('adds /en when switching to English and removes it when switching back', () => {
    expect(localizePath('/sobre', 'en-US')).toBe('/en/sobre');
    expect(localizePath('/', 'en-US')).toBe('/en');
    expect(localizePath('/en/sobre', 'pt-BR')).toBe('/sobre');
    expect(localizePath('/en', 'pt-BR')).toBe('/');
  });

  it('is idempotent', () => {
    expect(localizePath('/en/faq', 'en-US')).toBe('/en/faq');
    expect(localizePath('/faq', 'pt-BR')).toBe('/faq');
  });
});

describe('detectLocale', () => {
  it('prefers the path prefix over storage and browser', () => {
    expect(detectLocale({ pathname: '/en/faq', stored: 'pt-BR', browserLanguages: ['pt-BR'] })).toBe('en-US');
  });

  it('uses the stored choice on an unprefixed path', () => {
    expect(detectLocale({ pathname: '/faq', stored: 'en-US', browserLanguages: ['pt-BR'] })).toBe('en-US');
    expect(detectLocale({ pathname: '/faq', stored: 'pt-BR', browserLanguages: ['en-US'] })).toBe('pt-BR');
  });

  it('ignores a stored value that is not a supported locale', () => {
    expect(detectLocale({ pathname: '/', stored: 'klingon', browserLanguages: ['en-GB'] })).toBe('en-US');
  });

  it('falls back to the browser, matching on the base language', () => {
    expect(detectLocale({ pathname: '/', stored: null, browserLanguages: ['fr-FR', 'en-GB'] })).toBe('en-US');
    expect(detectLocale({ pathname: '/', stored: null, browserLanguages: ['pt-PT'] })).toBe('pt-BR');
    expect(localeFromBrowser(['de'])).toBeUndefined();
  });

  it('defaults to Portuguese', () => {
    expect(detectLocale({ pathname: '/', stored: null, browserLanguages: ['de-DE'] })).toBe('pt-BR');
  });
});
