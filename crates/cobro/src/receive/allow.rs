//! The provider's addresses a merchant allows (PROVIDER_FACTS.md "Notifications": the
//! subscription webhook is unsigned and the provider recommends allow-listing), as
//! single addresses or CIDR ranges of IPv4 and IPv6.

use std::net::IpAddr;

use crate::signing::SigningError;

/// The most entries an allow-list holds: a provider publishes a handful of addresses.
pub const MAX_ALLOW_LIST: usize = 1_000;

/// What the error names as the entries' form.
const FORM: &str = "IP addresses or CIDR ranges, such as 203.0.113.7 or 203.0.113.0/24, at most 1000";

/// Addresses and ranges a peer may come from.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AllowList {
    ranges: Vec<(IpAddr, u8)>,
}

impl AllowList {
    /// The list of `entries`: `203.0.113.7`, `203.0.113.0/24`, `2001:db8::/32`. An
    /// entry that is none of these, or more than [`MAX_ALLOW_LIST`], is
    /// ERR_INVALID_ARGUMENT for `allow_list` (the message never quotes an entry).
    pub fn parse<'a>(entries: impl IntoIterator<Item = &'a str>) -> Result<AllowList, SigningError> {
        AllowList::parse_as("allow_list", entries)
    }

    /// [`AllowList::parse`], the error naming the argument `name` as the caller's
    /// language spells it (`allowList`, `--allow`).
    pub fn parse_as<'a>(
        name: &'static str,
        entries: impl IntoIterator<Item = &'a str>,
    ) -> Result<AllowList, SigningError> {
        let invalid = || SigningError::InvalidArgument { name, allowed: FORM };
        let mut ranges = Vec::new();
        for entry in entries {
            if ranges.len() == MAX_ALLOW_LIST {
                return Err(invalid());
            }
            let (address, prefix) = match entry.trim().split_once('/') {
                Some((a, p)) => (a, Some(p)),
                None => (entry.trim(), None),
            };
            let address: IpAddr = address.parse().map_err(|_| invalid())?;
            let bits = if address.is_ipv4() { 32 } else { 128 };
            let prefix = match prefix {
                None => bits,
                Some(p) if !p.is_empty() && p.len() <= 3 && p.bytes().all(|b| b.is_ascii_digit()) => {
                    p.parse::<u8>().ok().filter(|n| *n <= bits).ok_or_else(invalid)?
                }
                Some(_) => return Err(invalid()),
            };
            // An IPv4 range written IPv6-mapped (`::ffff:203.0.113.0/120`) is that IPv4
            // range, as a mapped peer is its IPv4 address; a shorter prefix would reach
            // past the mapped block and is refused.
            let (address, prefix) = match address {
                IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                    Some(v4) if prefix >= 96 => (IpAddr::V4(v4), prefix - 96),
                    Some(_) => return Err(invalid()),
                    None => (address, prefix),
                },
                v4 => (v4, prefix),
            };
            ranges.push((address, prefix));
        }
        Ok(AllowList { ranges })
    }

    /// Whether `peer` is in one of the ranges (an IPv4 peer written as an IPv6-mapped
    /// address, as dual-stack servers report it, is its IPv4 address).
    pub fn allows(&self, peer: IpAddr) -> bool {
        let peer = match peer {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(peer, IpAddr::V4),
            v4 => v4,
        };
        self.ranges.iter().any(|(net, prefix)| within(peer, *net, *prefix))
    }

    /// Whether the list is empty (it then allows no one).
    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }
}

/// Whether `peer` shares the first `prefix` bits of `net` (and its family).
fn within(peer: IpAddr, net: IpAddr, prefix: u8) -> bool {
    let (a, b, bits) = match (peer, net) {
        (IpAddr::V4(p), IpAddr::V4(n)) => (u128::from(u32::from(p)), u128::from(u32::from(n)), 32u32),
        (IpAddr::V6(p), IpAddr::V6(n)) => (u128::from(p), u128::from(n), 128u32),
        _ => return false,
    };
    let keep = u32::from(prefix).min(bits);
    if keep == 0 {
        return true;
    }
    let shift = bits - keep;
    (a >> shift) == (b >> shift)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // tests may unwrap
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn addresses_and_ranges() {
        let list = AllowList::parse(["203.0.113.7", "198.51.100.0/24", "2001:db8::/32"]).unwrap();
        assert!(list.allows(ip("203.0.113.7")) && !list.allows(ip("203.0.113.8")));
        assert!(list.allows(ip("198.51.100.255")) && !list.allows(ip("198.51.101.0")));
        assert!(list.allows(ip("2001:db8:1::5")) && !list.allows(ip("2001:db9::1")));
        assert!(list.allows(ip("::ffff:203.0.113.7")), "an IPv4-mapped peer");
        assert!(AllowList::parse(["0.0.0.0/0"]).unwrap().allows(ip("192.0.2.1")));
        assert!(!AllowList::parse(Vec::<&str>::new()).unwrap().allows(ip("192.0.2.1")));
        let mapped = AllowList::parse(["::ffff:203.0.113.7", "::ffff:198.51.100.0/120"]).unwrap();
        for peer in [
            "203.0.113.7",
            "::ffff:203.0.113.7",
            "198.51.100.9",
            "::ffff:198.51.100.9",
        ] {
            assert!(mapped.allows(ip(peer)), "a mapped entry is its IPv4 range: {peer}");
        }
        assert!(!mapped.allows(ip("198.51.101.9")) && !mapped.allows(ip("2001:db8::1")));
    }

    #[test]
    fn entries_that_are_not_addresses_are_refused_without_being_quoted() {
        for bad in [
            "",
            "example.com",
            "192.0.2.0/33",
            "192.0.2.0/",
            "192.0.2.0/+1",
            "2001:db9::/129",
            "1.2.3",
            "::ffff:198.51.100.0/95",
        ] {
            let e = AllowList::parse([bad]).unwrap_err();
            assert_eq!(e.argument(), "allow_list", "{bad}");
            assert!(bad.is_empty() || !e.to_string().contains(bad), "{bad}");
        }
        let many: Vec<String> = (0..=MAX_ALLOW_LIST)
            .map(|i| format!("10.0.{}.{}", i / 256, i % 256))
            .collect();
        assert!(AllowList::parse(many.iter().map(String::as_str)).is_err());
        let named = AllowList::parse_as("allowList", ["example.com"]).unwrap_err();
        assert_eq!(named.argument(), "allowList");
    }
}
