// The gate of `masg mcp --http`, in front of every request and before anything is parsed or any
// account is touched: Host and Origin (DNS rebinding, cross-site requests) answer 403, then the
// bearer token (missing, unknown, expired, revoked) 401 with the RFC 9728 challenge, then the
// token's rate 429. Only a request that passes reaches the MCP handler, so wrong credentials never
// cost the service a request. The SDK's own validators and bearer helpers do the checking.
import type { AuthInfo } from '@modelcontextprotocol/server';
import type { McpToken } from '../config/mcp-tokens.js';
import { verifyToken } from '../config/mcp-tokens.js';

type Sdk = typeof import('@modelcontextprotocol/server');

export interface GateOptions {
  /** The public URL of the endpoint (…/mcp): its host is the one Host and Origin may name. */
  endpoint: URL;
  /** Hostnames a request may be addressed to (the endpoint's, and loopback's when bound there). */
  hosts: string[];
  configDir: string;
  /** Requests per minute per token. */
  ratePerMinute: number;
}

export interface Passed {
  token: McpToken;
  auth: AuthInfo;
}

/** The token a request carries, as the SDK's verifier contract wants it (scopes, expiry in seconds). */
function verifier(sdk: Sdk, configDir: string) {
  return {
    async verifyAccessToken(bearer: string): Promise<AuthInfo> {
      const verdict = await verifyToken(configDir, bearer);
      if (!verdict.ok)
        throw new sdk.OAuthError(
          sdk.OAuthErrorCode.InvalidToken,
          verdict.why === 'expired' ? 'The token has expired.' : 'Unknown or revoked token.',
        );
      const t = verdict.token;
      return {
        token: bearer,
        clientId: t.name,
        scopes: t.readOnly ? ['read'] : ['read', 'write'],
        // The SDK refuses a token without an expiry: one that never expires is given a far one.
        expiresAt: t.expires === null ? Number.MAX_SAFE_INTEGER : Math.floor(Date.parse(t.expires) / 1000),
        extra: { token: t },
      };
    },
  };
}

/** A token bucket per token name: `ratePerMinute` at once, refilled evenly over the minute. */
class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  constructor(private readonly perMinute: number) {}

  /** 0 when the request may pass, else the seconds until it may. */
  take(name: string, now = Date.now()): number {
    const b = this.buckets.get(name) ?? { tokens: this.perMinute, at: now };
    b.tokens = Math.min(this.perMinute, b.tokens + ((now - b.at) * this.perMinute) / 60_000);
    b.at = now;
    this.buckets.set(name, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil(((1 - b.tokens) * 60) / this.perMinute));
  }
}

export interface Gate {
  /** The RFC 9728 document's URL, as the 401 challenge names it. */
  metadataUrl: string;
  /** The protected-resource document when `request` asks for it, else undefined. */
  metadata(request: Request): Response | undefined;
  /** The refusal, or the token that passed. */
  check(request: Request): Promise<Response | Passed>;
}

export async function createGate(opts: GateOptions): Promise<Gate> {
  const sdk = await import('@modelcontextprotocol/server');
  const metadataUrl = sdk.getOAuthProtectedResourceMetadataUrl(opts.endpoint);
  const metadataPath = new URL(metadataUrl).pathname;
  const bearer = sdk.requireBearerAuth({ verifier: verifier(sdk, opts.configDir), resourceMetadataUrl: metadataUrl });
  const limiter = new RateLimiter(opts.ratePerMinute);
  // RFC 9728: the resource and how to present a token; no authorization server: tokens are made by `masg mcp token create`.
  const document = {
    resource: opts.endpoint.href,
    bearer_methods_supported: ['header'],
    resource_name: 'masg',
    scopes_supported: ['read', 'write'],
  };
  const origins = [...opts.hosts];
  return {
    metadataUrl,
    metadata(request) {
      if (new URL(request.url).pathname !== metadataPath) return undefined;
      if (request.method !== 'GET' && request.method !== 'HEAD')
        return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
      return Response.json(document, { headers: { 'Cache-Control': 'max-age=300' } });
    },
    async check(request) {
      const refused = sdk.hostHeaderValidationResponse(request, opts.hosts) ?? sdk.originValidationResponse(request, origins);
      if (refused) return refused;
      const auth = await bearer(request);
      if (auth instanceof Response) return auth;
      const token = (auth.extra as { token: McpToken }).token;
      const wait = limiter.take(token.name);
      if (wait > 0)
        return Response.json(
          { error: 'rate_limited', error_description: `Token "${token.name}" is over ${opts.ratePerMinute} requests a minute.` },
          { status: 429, headers: { 'Retry-After': String(wait) } },
        );
      return { token, auth };
    },
  };
}
