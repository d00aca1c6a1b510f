package io.dbbench.payload;

import java.io.IOException;
import java.io.Writer;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.Date;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/** A self-signed certificate for {@code localhost}/127.0.0.1, generated with BouncyCastle at test time. */
final class SelfSignedCert {
  final X509Certificate cert;
  final Path certFile;
  final Path keyFile;

  private SelfSignedCert(X509Certificate cert, Path certFile, Path keyFile) {
    this.cert = cert;
    this.certFile = certFile;
    this.keyFile = keyFile;
  }

  /** Writes {@code cert.pem} and {@code key.pem} (PKCS#8) into {@code dir}. */
  static SelfSignedCert create(Path dir) throws Exception {
    KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
    g.initialize(256);
    KeyPair kp = g.generateKeyPair();
    X500Name name = new X500Name("CN=localhost");
    long now = System.currentTimeMillis();
    JcaX509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(name, BigInteger.valueOf(now),
        new Date(now - 60_000), new Date(now + 86_400_000L), name, kp.getPublic());
    b.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
        new GeneralName(GeneralName.dNSName, "localhost"), new GeneralName(GeneralName.iPAddress, "127.0.0.1")}));
    b.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
    X509Certificate cert = new JcaX509CertificateConverter().getCertificate(
        b.build(new JcaContentSignerBuilder("SHA256withECDSA").build(kp.getPrivate())));
    Path certFile = dir.resolve("cert.pem");
    Path keyFile = dir.resolve("key.pem");
    write(certFile, cert);
    write(keyFile, new org.bouncycastle.openssl.jcajce.JcaPKCS8Generator(kp.getPrivate(), null));
    return new SelfSignedCert(cert, certFile, keyFile);
  }

  private static void write(Path f, Object o) throws IOException {
    try (Writer w = Files.newBufferedWriter(f); JcaPEMWriter p = new JcaPEMWriter(w)) {
      p.writeObject(o);
    }
  }

  /** A client context that trusts only this certificate. */
  SSLContext clientContext() throws Exception {
    KeyStore ts = KeyStore.getInstance("PKCS12");
    ts.load(null, null);
    ts.setCertificateEntry("payload", cert);
    TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(ts);
    SSLContext ctx = SSLContext.getInstance("TLS");
    ctx.init(null, tmf.getTrustManagers(), null);
    return ctx;
  }
}
