import java.io.FileInputStream;
import java.security.Key;
import java.security.KeyStore;
import java.util.Collections;

/** Prints a PKCS12 keystore's entries as Java reads them: "alias key|trusted", then whether the key password opens each key. */
public class ReadKeystore {
  public static void main(String[] args) throws Exception {
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (FileInputStream in = new FileInputStream(args[0])) {
      store.load(in, args[1].toCharArray());
    }
    for (String alias : Collections.list(store.aliases())) {
      boolean key = store.isKeyEntry(alias);
      System.out.println(alias + " " + (key ? "key" : store.isCertificateEntry(alias) ? "trusted" : "other"));
      if (key) {
        try {
          Key opened = store.getKey(alias, args[2].toCharArray());
          System.out.println(alias + " opened " + opened.getAlgorithm());
        } catch (Exception e) {
          System.out.println(alias + " refused");
        }
      }
    }
  }
}
