import * as oidc from 'openid-client';
import type { Config } from '../../config.ts';

type OidcSettings = NonNullable<Config['oidc']>;

/** What the provider vouched for about the person signing in. */
export type OidcClaims = { issuer: string; subject: string; email?: string; name?: string };

const STATE_LIFETIME_MS = 10 * 60 * 1000;

/**
 * The OpenID Connect relying party: authorization code flow with PKCE, state and nonce. The provider's
 * metadata is discovered once per process (again after a failure). Plain-http issuers are allowed
 * only on loopback, for local providers in development and tests.
 */
export function createOidcClient(settings: OidcSettings) {
  let configuration: Promise<oidc.Configuration> | undefined;
  const issuerUrl = new URL(settings.issuer);
  const isLoopbackHttp =
    issuerUrl.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuerUrl.hostname);

  function discover() {
    configuration ??= oidc
      .discovery(issuerUrl, settings.clientId, settings.clientSecret, undefined, {
        execute: isLoopbackHttp ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  }

  return {
    stateLifetimeMs: STATE_LIFETIME_MS,

    /** The provider's consent URL, and the secrets the callback must match. */
    async start(redirectUri: string) {
      const config = await discover();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, state, codeVerifier, nonce };
    },

    /** Trades the code for tokens and answers the ID token's claims. */
    async finish(
      redirectUri: string,
      answer: { code: string; iss?: string },
      checks: { state: string; codeVerifier: string; nonce: string },
    ): Promise<OidcClaims> {
      const config = await discover();
      const callback = new URL(redirectUri);
      callback.searchParams.set('code', answer.code);
      callback.searchParams.set('state', checks.state);
      // RFC 9207: providers that name themselves in the answer are checked; with one configured
      // provider there is no mix-up to defend against, so a page that dropped `iss` still works.
      const metadata = config.serverMetadata();
      if (answer.iss || metadata.authorization_response_iss_parameter_supported) {
        callback.searchParams.set('iss', answer.iss ?? metadata.issuer);
      }
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('the provider sent no ID token');
      // Providers that keep profile claims out of the ID token give them at the userinfo endpoint.
      const claims =
        idClaims.email === undefined
          ? { ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims }
          : idClaims;
      const email =
        typeof claims.email === 'string' && claims.email_verified === true ? claims.email : undefined;
      const name = typeof claims.name === 'string' ? claims.name : undefined;
      return { issuer: idClaims.iss, subject: idClaims.sub, email: email?.toLowerCase(), name };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
