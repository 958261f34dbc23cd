package org.commsched.instances.generate;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.ModelException;
import org.commsched.core.model.ProblemKind;

/**
 * Short text forms of communication models, for the command line and generator specs.
 *
 * <ul>
 *   <li>{@code bufferless} (all ports), {@code bufferless:all}, {@code bufferless:single};
 *   <li>{@code saf} or {@code store-and-forward}, optionally followed by {@code :key=value,...}
 *       with keys {@code beta} and {@code tau} (exact decimals; default 5 and 1), {@code ports}
 *       ({@code one}|{@code all}, default all), {@code duplex} ({@code full}|{@code half}, default
 *       full) and {@code oneport} ({@code send-and-receive}|{@code exchange}; default by problem
 *       kind, docs/DESIGN.md). Example: {@code saf:beta=272,tau=0.4,ports=one,duplex=full}.
 * </ul>
 *
 * {@link #format(CommModel)} writes the full form, which parses back to an equal model.
 */
public final class Models {
  private Models() {}

  /** Parses a short form; {@code oneport} defaults to the exchange rule. */
  public static CommModel parse(String text) {
    return parse(text, null);
  }

  /**
   * Parses a short form.
   *
   * @param text the short form
   * @param kind the problem kind whose default one-port rule applies when {@code oneport} is absent
   *     (null: exchange)
   * @throws IllegalArgumentException naming the text and the fix
   */
  public static CommModel parse(String text, ProblemKind kind) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException(
          "empty model: use bufferless:all, bufferless:single or "
              + "saf:beta=5,tau=1,ports=one,duplex=full");
    }
    String s = text.trim().toLowerCase(Locale.ROOT);
    int colon = s.indexOf(':');
    String head = colon < 0 ? s : s.substring(0, colon);
    String rest = colon < 0 ? "" : s.substring(colon + 1).trim();
    try {
      switch (head) {
        case "bufferless":
          if (rest.isEmpty() || rest.equals("all") || rest.equals("ports=all")) {
            return new CommModel.Bufferless(CommModel.BufferlessPorts.ALL);
          }
          if (rest.equals("single") || rest.equals("ports=single")) {
            return new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE);
          }
          throw new IllegalArgumentException(
              "bufferless ports must be all or single, got \""
                  + text
                  + "\" (e.g. bufferless:single)");
        case "saf":
        case "store-and-forward":
          return storeAndForward(text, rest, kind);
        default:
          throw new IllegalArgumentException(
              "unknown model \""
                  + text
                  + "\": use bufferless:all, bufferless:single "
                  + "or saf:beta=5,tau=1,ports=one,duplex=full");
      }
    } catch (ModelException e) {
      throw new IllegalArgumentException("model \"" + text + "\": " + e.getMessage(), e);
    }
  }

  private static CommModel storeAndForward(String text, String rest, ProblemKind kind) {
    Map<String, String> kv = new LinkedHashMap<>();
    kv.put("beta", "5");
    kv.put("tau", "1");
    kv.put("ports", "all");
    kv.put("duplex", "full");
    String onePort = null;
    if (!rest.isEmpty()) {
      for (String part : rest.split(",")) {
        String[] p = part.split("=", 2);
        if (p.length != 2 || p[1].isBlank()) {
          throw new IllegalArgumentException(
              "model \"" + text + "\": \"" + part + "\" is not key=value (e.g. " + "beta=5)");
        }
        String key = p[0].trim();
        String value = p[1].trim();
        if (key.equals("oneport")) {
          onePort = value;
        } else if (kv.containsKey(key)) {
          kv.put(key, value);
        } else {
          throw new IllegalArgumentException(
              "model \""
                  + text
                  + "\": unknown key \""
                  + key
                  + "\"; use beta, tau, "
                  + "ports, duplex or oneport");
        }
      }
    }
    BigDecimal beta = decimal(text, "beta", kv.get("beta"));
    BigDecimal tau = decimal(text, "tau", kv.get("tau"));
    CommModel.Ports ports;
    switch (kv.get("ports")) {
      case "one":
        ports = CommModel.Ports.ONE;
        break;
      case "all":
        ports = CommModel.Ports.ALL;
        break;
      default:
        throw new IllegalArgumentException("model \"" + text + "\": ports must be one or all");
    }
    CommModel.Duplex duplex;
    switch (kv.get("duplex")) {
      case "full":
        duplex = CommModel.Duplex.FULL;
        break;
      case "half":
        duplex = CommModel.Duplex.HALF;
        break;
      default:
        throw new IllegalArgumentException("model \"" + text + "\": duplex must be full or half");
    }
    CommModel.OnePortRule rule;
    if (onePort == null) {
      rule = kind == null ? CommModel.OnePortRule.EXCHANGE : CommModel.OnePortRule.defaultFor(kind);
    } else {
      rule = CommModel.OnePortRule.fromWire(onePort);
      if (rule == null) {
        throw new IllegalArgumentException(
            "model \"" + text + "\": oneport must be send-and-receive or exchange");
      }
    }
    return new CommModel.StoreAndForward(beta, tau, ports, duplex, rule);
  }

  private static BigDecimal decimal(String text, String key, String value) {
    try {
      return new BigDecimal(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "model \""
              + text
              + "\": "
              + key
              + " must be an exact decimal such as 5 or "
              + "0.4, got \""
              + value
              + "\"",
          e);
    }
  }

  /**
   * The full short form of a model, e.g. {@code
   * saf:beta=5,tau=1,ports=one,duplex=full,oneport=exchange}.
   */
  public static String format(CommModel model) {
    if (model instanceof CommModel.Bufferless) {
      return "bufferless:" + ((CommModel.Bufferless) model).ports().wireName();
    }
    CommModel.StoreAndForward m = (CommModel.StoreAndForward) model;
    return "saf:beta="
        + m.beta().toPlainString()
        + ",tau="
        + m.tau().toPlainString()
        + ",ports="
        + m.ports().wireName()
        + ",duplex="
        + m.duplex().wireName()
        + ",oneport="
        + m.onePort().wireName();
  }

  /**
   * The model a problem kind uses when none is given: bufferless all-port for chatting and dsa,
   * bufferless single-port for scatter and gather (the model of Bhatt, Pucci, Ranade and
   * Rosenberg), and the store-and-forward model with beta = 5, tau = 1, all ports, full duplex
   * (Peters' examples) for send, broadcast and gossip.
   */
  public static CommModel defaultFor(ProblemKind kind) {
    switch (kind) {
      case CHATTING:
      case DSA:
        return new CommModel.Bufferless(CommModel.BufferlessPorts.ALL);
      case SCATTER:
      case GATHER:
        return new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE);
      default:
        return parse("saf", kind);
    }
  }
}
