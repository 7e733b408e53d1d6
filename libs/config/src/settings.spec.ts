import { loadSettings, renderTimeoutMs, SettingsError } from './settings';

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

describe('settings: the render of a document', () => {
  it('limits a render below the api wait for an export: 80% of it by default, and a RENDER_TIMEOUT_MS at or past it refused', () => {
    expect(renderTimeoutMs(loadSettings({}))).toBe(24000);
    expect(renderTimeoutMs(loadSettings({ EXPORT_TIMEOUT_MS: '8000' }))).toBe(6400);
    expect(renderTimeoutMs(loadSettings({ RENDER_TIMEOUT_MS: '5000' }))).toBe(5000);
    expect(() => loadSettings({ EXPORT_TIMEOUT_MS: '8000', RENDER_TIMEOUT_MS: '8000' })).toThrow(/RENDER_TIMEOUT_MS: deve ser menor que EXPORT_TIMEOUT_MS \(8000\)/);
    expect(loadSettings({}).RENDER_MEMORY_MB).toBe(1024);
  });
});
