/**
 * A self-signed certificate and its key for 127.0.0.1, valid for a hundred years, for tests that need a
 * server speaking TLS (a target given as `http://` that answers in TLS). It secures nothing.
 */
export const testTls = {
  key: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg80wABzIgnxVUfQnS
UKNA1U6nEdDLRH76+LNoxtQYaPShRANCAAQzfBGeP/Aryo5bESYBFl7vitO4Twri
e8q+ZpUkYDrwR2s3u/Tm62MUBKGi/lIFUkmjpPWdMEdHr3KdjygSK/L1
-----END PRIVATE KEY-----
`,
  cert: `-----BEGIN CERTIFICATE-----
MIIBfzCCASWgAwIBAgIUFKQOky9To9ImcrU1Lgm6eqXp1GUwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyODAzMDAzNFoYDzIxMjYxMTA0
MDMwMDM0WjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAQzfBGeP/Aryo5bESYBFl7vitO4Twrie8q+ZpUkYDrwR2s3u/Tm62MU
BKGi/lIFUkmjpPWdMEdHr3KdjygSK/L1o1MwUTAdBgNVHQ4EFgQU+D2cG3aepFav
8pdaw6+f+s69ZDswHwYDVR0jBBgwFoAU+D2cG3aepFav8pdaw6+f+s69ZDswDwYD
VR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNIADBFAiEAyVUKnaxXrakwYAyQQg5D
SuHriGSUL062oyGdpSc2NygCICd2BjZ3KEoILH4255syYoYYfvdFoq4NgnFmusjQ
yFpo
-----END CERTIFICATE-----
`,
};
