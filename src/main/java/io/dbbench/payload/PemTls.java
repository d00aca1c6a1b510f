package io.dbbench.payload;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;

/** Builds a server {@link SSLContext} from PEM files with BouncyCastle's PEM parser. */
public final class PemTls {
  private PemTls() {}

  /**
   * A TLS context serving {@code certFile}'s chain with {@code keyFile}'s key.
   *
   * @param certFile PEM with one or more {@code CERTIFICATE} blocks, leaf first
   * @param keyFile PEM with a {@code PRIVATE KEY} (PKCS#8) or {@code RSA/EC PRIVATE KEY} (PKCS#1/SEC1)
   * @throws IllegalArgumentException naming the file when it holds no certificate or no unencrypted key
   * @throws IOException when a file cannot be read
   * @throws GeneralSecurityException when the key and certificate cannot be combined
   */
  public static SSLContext serverContext(Path certFile, Path keyFile) throws IOException, GeneralSecurityException {
    List<X509Certificate> chain = new ArrayList<>();
    JcaX509CertificateConverter certs = new JcaX509CertificateConverter();
    for (Object o : read(certFile)) {
      if (o instanceof X509CertificateHolder h) {
        chain.add(certs.getCertificate(h));
      }
    }
    if (chain.isEmpty()) {
      throw new IllegalArgumentException("cert_file " + certFile + " holds no PEM CERTIFICATE block");
    }
    PrivateKey key = null;
    JcaPEMKeyConverter keys = new JcaPEMKeyConverter();
    for (Object o : read(keyFile)) {
      if (o instanceof PrivateKeyInfo info) {
        key = keys.getPrivateKey(info);
      } else if (o instanceof PEMKeyPair pair) {
        key = keys.getKeyPair(pair).getPrivate();
      }
    }
    if (key == null) {
      throw new IllegalArgumentException("key_file " + keyFile
          + " holds no unencrypted PEM private key (PRIVATE KEY, RSA PRIVATE KEY or EC PRIVATE KEY)");
    }
    char[] pw = new char[0];
    KeyStore ks = KeyStore.getInstance("PKCS12");
    ks.load(null, null);
    ks.setKeyEntry("payload", key, pw, chain.toArray(X509Certificate[]::new));
    KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    kmf.init(ks, pw);
    SSLContext ctx = SSLContext.getInstance("TLS");
    ctx.init(kmf.getKeyManagers(), null, null);
    return ctx;
  }

  private static List<Object> read(Path f) throws IOException {
    List<Object> out = new ArrayList<>();
    try (Reader r = Files.newBufferedReader(f, StandardCharsets.US_ASCII); PEMParser p = new PEMParser(r)) {
      for (Object o = p.readObject(); o != null; o = p.readObject()) {
        out.add(o);
      }
    }
    return out;
  }
}
