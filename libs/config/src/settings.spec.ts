import { loadSettings, SettingsError } from './settings';

const SECRET = 'x'.repeat(32);

describe('settings: production over plain http', () => {
  it('refuses to start in production at an http APP_URL (or none), naming the setting that allows it', () => {
    for (const env of [{ APP_URL: 'http://planejador.escola.example' }, {}]) {
      expect(() => loadSettings({ NODE_ENV: 'production', SESSION_SECRET: SECRET, ...env })).toThrow(SettingsError);
      expect(() => loadSettings({ NODE_ENV: 'production', SESSION_SECRET: SECRET, ...env })).toThrow(/APP_URL: em produção deve ser https:\/\/.*ALLOW_INSECURE_HTTP=true/);
    }
  });

  it('starts over http in production only when ALLOW_INSECURE_HTTP=true says so; https, and other environments, need nothing', () => {
    expect(loadSettings({ NODE_ENV: 'production', SESSION_SECRET: SECRET, APP_URL: 'http://localhost:3000', ALLOW_INSECURE_HTTP: 'true' }).ALLOW_INSECURE_HTTP).toBe(true);
    expect(() => loadSettings({ NODE_ENV: 'production', SESSION_SECRET: SECRET, APP_URL: 'http://localhost:3000', ALLOW_INSECURE_HTTP: 'false' })).toThrow(SettingsError);
    expect(loadSettings({ NODE_ENV: 'production', SESSION_SECRET: SECRET, APP_URL: 'https://planejador.escola.example' }).ALLOW_INSECURE_HTTP).toBe(false);
    expect(loadSettings({ NODE_ENV: 'development', APP_URL: 'http://localhost:3000' }).NODE_ENV).toBe('development');
    expect(() => loadSettings({ ALLOW_INSECURE_HTTP: 'sim' })).toThrow(SettingsError);
  });
});
