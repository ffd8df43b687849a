import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { msg } from '../../src/i18n/msg.ts';

/**
 * Where merchant callbacks may go. A callback is a POST our server makes to an address a person typed, so
 * it must not reach our own network: loopback, private, shared (CGNAT), link-local (the cloud metadata
 * service at 169.254.169.254), unique-local, unspecified, multicast and reserved addresses are refused,
 * an IPv4 address written as IPv6 (::ffff:10.0.0.1, NAT64 64:ff9b::a00:1) as the IPv4 one. Outside
 * production loopback and private stay allowed: the demo merchant is on this server's own loopback.
 * Checked when a URL is saved and again on every send, after DNS, on the address connected to.
 */

export type AddressKind =
  'loopback' | 'private' | 'shared' | 'link-local' | 'unique-local' | 'unspecified' | 'multicast' | 'reserved';

/** Each refused range, by kind; `[address, prefix]`. */
export const REFUSED_RANGES: ReadonlyArray<{
  kind: AddressKind;
  family: 'ipv4' | 'ipv6';
  net: string;
  prefix: number;
}> = [
  { kind: 'unspecified', family: 'ipv4', net: '0.0.0.0', prefix: 8 },
  { kind: 'private', family: 'ipv4', net: '10.0.0.0', prefix: 8 },
  { kind: 'shared', family: 'ipv4', net: '100.64.0.0', prefix: 10 },
  { kind: 'loopback', family: 'ipv4', net: '127.0.0.0', prefix: 8 },
  { kind: 'link-local', family: 'ipv4', net: '169.254.0.0', prefix: 16 },
  { kind: 'private', family: 'ipv4', net: '172.16.0.0', prefix: 12 },
  { kind: 'private', family: 'ipv4', net: '192.168.0.0', prefix: 16 },
  { kind: 'multicast', family: 'ipv4', net: '224.0.0.0', prefix: 4 },
  // 240/4 and the broadcast address: never a merchant.
  { kind: 'reserved', family: 'ipv4', net: '240.0.0.0', prefix: 4 },
  { kind: 'unspecified', family: 'ipv6', net: '::', prefix: 128 },
  { kind: 'loopback', family: 'ipv6', net: '::1', prefix: 128 },
  { kind: 'unique-local', family: 'ipv6', net: 'fc00::', prefix: 7 },
  { kind: 'link-local', family: 'ipv6', net: 'fe80::', prefix: 10 },
  { kind: 'multicast', family: 'ipv6', net: 'ff00::', prefix: 8 },
];

const KIND_LISTS = (() => {
  const lists = new Map<AddressKind, BlockList>();
  for (const range of REFUSED_RANGES) {
    const list = lists.get(range.kind) ?? new BlockList();
    list.addSubnet(range.net, range.prefix, range.family);
    lists.set(range.kind, list);
  }
  return [...lists];
})();

/** The IPv4 address an IPv6 one stands for (mapped ::ffff:0:0/96, NAT64 64:ff9b::/96, compatible ::/96). */
export function embeddedIPv4(address: string): string | null {
  // ipaddr.js reads every IPv6 spelling (::, a dotted IPv4 tail, a zone); invalid text stands for no IPv4 address.
  if (!ipaddr.IPv6.isValid(address)) return null;
  const g = ipaddr.IPv6.parse(address).parts;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const mapped = zeros(0, 5) && g[5] === 0xffff;
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6);
  // :: and ::1 are IPv6's own unspecified and loopback, not IPv4 ones.
  const compatible = zeros(0, 6) && !(g[6] === 0 && g[7] <= 1);
  if (!mapped && !nat64 && !compatible) return null;
  return [g[6] >> 8, g[6] & 0xff, g[7] >> 8, g[7] & 0xff].join('.');
}

/** Which refused range an address is in, or null for an address on the public internet (or not an address). */
export function addressKind(address: string): AddressKind | null {
  // A zone (fe80::1%eth0) names an interface, not another address.
  const plain = address.split('%')[0];
  const family = isIP(plain);
  if (family === 0) return null;
  const v4 = family === 6 ? embeddedIPv4(plain) : plain;
  const [checked, type] = v4 ? [v4, 'ipv4' as const] : [plain, 'ipv6' as const];
  return KIND_LISTS.find(([, list]) => list.check(checked, type))?.[0] ?? null;
}

/** The kind an address is refused as where callbacks go, or null when it may be sent to. */
export function refusedKind(address: string, production: boolean): AddressKind | null {
  const kind = addressKind(address);
  if (!production && (kind === 'loopback' || kind === 'private')) return null;
  return kind;
}

export const KIND_WORDS: Record<AddressKind, string> = {
  loopback: 'loopback',
  private: 'private',
  shared: 'shared (carrier-grade NAT)',
  'link-local': 'link-local',
  'unique-local': 'unique-local',
  unspecified: 'unspecified',
  multicast: 'multicast',
  reserved: 'reserved',
};

export interface ResolvedAddress {
  address: string;
  family: number;
}
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });
let resolver: Resolver = systemResolver;

/** Tests only: names resolve through `fake` (null: the system's DNS again), as no test may use real DNS. */
export function resolveNamesWith(fake: Resolver | null): void {
  resolver = fake ?? systemResolver;
}

const RESOLVE_TIMEOUT_MS = 5_000;

/** A host as URL keeps it (IPv6 in brackets), without the brackets. */
export const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

export type HostCheck =
  | { ok: true; addresses: ResolvedAddress[] }
  | { ok: false; refused: { address: string; kind: AddressKind } }
  | { ok: false; refused: null; reason: string };

/**
 * Every address a host stands for, checked: an address literal itself, a name through DNS. One refused
 * address refuses the host (a name that resolves to a public and a private address could be made to use
 * either); so does a name that does not resolve.
 */
export async function checkHost(hostname: string, production: boolean): Promise<HostCheck> {
  const host = bareHost(hostname);
  let addresses: ResolvedAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), RESOLVE_TIMEOUT_MS);
    });
    try {
      addresses = await Promise.race([resolver(host), timeout]);
    } catch {
      addresses = [];
    } finally {
      clearTimeout(timer);
    }
    if (!addresses.length)
      return {
        ok: false,
        refused: null,
        reason: msg(
          { defaultMessage: 'host {host} does not resolve', id: 'FD2XxQ', description: "a callback attempt's error" },
          { host },
        ),
      };
  }
  for (const { address } of addresses) {
    const kind = refusedKind(address, production);
    if (kind) return { ok: false, refused: { address, kind } };
  }
  return { ok: true, addresses };
}

export type UrlFormProblem = 'scheme' | 'http in production' | 'credentials';

/** What is wrong with a callback URL's form (scheme, credentials), before any address is looked at. */
export function urlFormProblem(url: URL, production: boolean): UrlFormProblem | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'scheme';
  if (production && url.protocol !== 'https:') return 'http in production';
  if (url.username || url.password) return 'credentials';
  return null;
}

const FORM_WORDS: Record<UrlFormProblem, string> = {
  scheme: msg({ defaultMessage: 'Callback URL must start with https://', id: 'heeyEQ' }),
  'http in production': msg({ defaultMessage: 'Callback URL must use https', id: 'nxfJxg' }),
  credentials: msg({ defaultMessage: 'Callback URL must not contain a user name or password', id: '7h6VKF' }),
};

/** The save-time check: the URL's form, then every address its host resolves to. Null when it may be saved. */
export async function callbackUrlProblem(text: string, production: boolean): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return msg({
      defaultMessage: 'Callback URL must be a full URL such as https://merchant.example/callback',
      id: 'DjDVuC',
    });
  }
  const formProblem = urlFormProblem(url, production);
  if (formProblem) return FORM_WORDS[formProblem];
  const host = await checkHost(url.hostname, production);
  if (host.ok) return null;
  if (!host.refused) return `Callback URL's ${host.reason}`;
  const { address, kind } = host.refused;
  const literal = bareHost(url.hostname) === address;
  const article = kind === 'unspecified' ? 'an' : 'a';
  return `Callback URL ${literal ? 'is' : 'resolves to'} ${article} ${KIND_WORDS[kind]} address (${address})`;
}

/**
 * Where a client's callback URL sends: as stored, or, for a path (the demo merchants' DEMO_CALLBACK_PATH),
 * on this server's own address with the client's id after it.
 */
export const absoluteCallbackUrl = (url: string, clientId: number, selfUrl: string) =>
  url.startsWith('/') ? `${selfUrl}${url}/${clientId}` : url;
