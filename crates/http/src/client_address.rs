//! The client's address, for per-address limits. Behind a reverse proxy every request comes
//! from the proxy, so `X-Forwarded-For` is believed from the addresses in `TRUSTED_PROXIES`
//! only, and read from the right: the first address that is not a trusted proxy is the client
//! (anything left of it could have been written by the client itself).

use std::net::IpAddr;

use actix_web::HttpRequest;
use ipnet::IpNet;

/// Addresses and networks whose `X-Forwarded-For` is believed (empty: none, the default).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    /// A comma- or space-separated list of addresses (`10.0.0.5`) and networks (`10.0.0.0/8`).
    pub fn parse(list: &str) -> Result<Self, String> {
        list.split(|c: char| c == ',' || c.is_whitespace())
            .filter(|s| !s.is_empty())
            .map(|s| {
                s.parse::<IpNet>()
                    .or_else(|_| s.parse::<IpAddr>().map(IpNet::from))
                    .map_err(|_| format!("TRUSTED_PROXIES: `{s}` is not an address or a network"))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Self)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    fn trusts(&self, ip: IpAddr) -> bool {
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map(IpAddr::V4).unwrap_or(ip),
            v4 => v4,
        };
        self.0.iter().any(|net| net.contains(&ip))
    }

    /// The client of a request that came from `peer` with these `X-Forwarded-For` values.
    pub fn client<'a>(&self, peer: Option<IpAddr>, forwarded_for: impl Iterator<Item = &'a str>) -> Option<IpAddr> {
        let peer = peer?;
        if !self.trusts(peer) {
            return Some(peer);
        }
        let hops: Vec<&str> = forwarded_for.flat_map(|v| v.split(',')).map(str::trim).collect();
        let mut client = peer;
        for hop in hops.iter().rev() {
            match hop.parse::<IpAddr>() {
                Ok(ip) if self.trusts(ip) => client = ip,
                Ok(ip) => return Some(ip),
                // Not an address: nothing to its left can be believed; the last trusted hop stands.
                Err(_) => return Some(client),
            }
        }
        Some(client)
    }

    /// The client address of an actix request.
    pub fn client_of(&self, req: &HttpRequest) -> Option<IpAddr> {
        let peer = req.peer_addr().map(|a| a.ip());
        let values = req.headers().get_all("x-forwarded-for").filter_map(|v| v.to_str().ok());
        self.client(peer, values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> Option<IpAddr> {
        Some(s.parse().unwrap())
    }

    #[test]
    fn without_trusted_proxies_the_peer_is_the_client_whatever_the_header_says() {
        let none = TrustedProxies::default();
        assert_eq!(none.client(ip("203.0.113.9"), ["1.2.3.4"].into_iter()), ip("203.0.113.9"));
    }

    #[test]
    fn behind_a_trusted_proxy_the_rightmost_untrusted_hop_is_the_client() {
        let t = TrustedProxies::parse("127.0.0.1, 10.0.0.0/8").unwrap();
        assert_eq!(t.client(ip("127.0.0.1"), ["198.51.100.7"].into_iter()), ip("198.51.100.7"));
        // A client that writes its own header cannot choose its address: only the hop the
        // proxy appended (rightmost) is believed.
        assert_eq!(t.client(ip("127.0.0.1"), ["6.6.6.6, 198.51.100.7"].into_iter()), ip("198.51.100.7"));
        // Proxies in a chain are skipped; several header lines count as one list.
        assert_eq!(t.client(ip("10.1.1.1"), ["198.51.100.7", "10.2.2.2"].into_iter()), ip("198.51.100.7"));
        // No header, or garbage: the proxy itself (every client then shares it, as before).
        assert_eq!(t.client(ip("127.0.0.1"), std::iter::empty()), ip("127.0.0.1"));
        assert_eq!(t.client(ip("127.0.0.1"), ["not-an-ip"].into_iter()), ip("127.0.0.1"));
        // A peer that is not trusted cannot speak for anyone.
        assert_eq!(t.client(ip("192.0.2.1"), ["198.51.100.7"].into_iter()), ip("192.0.2.1"));
        // IPv4 peers seen as IPv4-mapped IPv6.
        assert_eq!(t.client(ip("::ffff:127.0.0.1"), ["198.51.100.7"].into_iter()), ip("198.51.100.7"));
    }

    #[test]
    fn bad_lists_are_refused() {
        assert!(TrustedProxies::parse("10.0.0.0/8 fe80::/10 ::1").is_ok());
        assert!(TrustedProxies::parse("").unwrap().is_empty());
        assert!(TrustedProxies::parse("10.0.0.0/33").is_err());
        assert!(TrustedProxies::parse("proxy.local").is_err());
    }
}
