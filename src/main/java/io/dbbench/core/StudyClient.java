package io.dbbench.core;

import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A study's own client code, run by the main job beside the family's rows as one unit of its plan
 * ({@code <family>:client:<name>}): one of dbbench's side-by-side scripts, which builds the study's
 * client from its registry (the Go module proxy, npm) or a checkout, starts the same server as the
 * family's rows and runs both in interleaved blocks, writing {@code rows.tsv}, {@code machine.tsv}
 * and {@code summary.md} into the run's {@code clients/<name>/}. A family declares it per mode in
 * its {@link FamilySettings}; the main job runs it when the script, the tools and the checkout are
 * present and says in one line what to install when they are not.
 *
 * @param name the unit's last part and the output directory's name, e.g. {@code go-driver}
 *     ({@code [a-z0-9-]+})
 * @param what one line naming the client and its source, e.g. "go-driver v1.6.9 (V1) and v2.4.1
 *     (V2) benchmark suites, the Go study's own code"
 * @param script the script's path in a dbbench checkout, e.g. {@code scripts/go-driver-vs-dbbench.sh}
 * @param args the script's options in this mode, without {@code --out} (the main job gives it)
 * @param tools commands the script needs on {@code PATH}, e.g. {@code go}, {@code jq}
 * @param install one line saying what to install when a tool is missing
 * @param checkoutEnv environment variable naming a checkout of the study's code that the script
 *     takes, or {@code null} when it needs none (WMPayload's service is no registry's module)
 * @param checkoutOption the script's option that takes that checkout, e.g. {@code --wmpayload}, or
 *     {@code null} with {@code checkoutEnv}
 * @param pairsWith regex over full benchmark names: the family's rows the client stands beside; the
 *     unit is planned only when the run selects one of them
 * @param expectedSeconds what the unit takes in this mode, seconds (at least 1), for the plan and
 *     the shard balance
 */
public record StudyClient(String name, String what, String script, List<String> args, List<String> tools,
    String install, String checkoutEnv, String checkoutOption, String pairsWith, int expectedSeconds) {

  /**
   * Validates the declaration.
   *
   * @throws IllegalArgumentException naming the value when the name is not {@code [a-z0-9-]+}, the
   *     script is not a relative path under {@code scripts/}, the checkout variable and option are
   *     not both set or both unset, {@code pairsWith} is not a regex, or {@code expectedSeconds < 1}
   */
  public StudyClient {
    if (name == null || !name.matches("[a-z0-9-]+")) {
      throw new IllegalArgumentException("study client name '" + name + "': expected [a-z0-9-]+");
    }
    if (script == null || !script.matches("scripts/[A-Za-z0-9._-]+")) {
      throw new IllegalArgumentException("study client " + name + ": script '" + script
          + "': expected a script under scripts/ of the checkout, e.g. scripts/go-driver-vs-dbbench.sh");
    }
    if ((checkoutEnv == null) != (checkoutOption == null)) {
      throw new IllegalArgumentException("study client " + name + ": checkoutEnv '" + checkoutEnv
          + "' and checkoutOption '" + checkoutOption + "': expected both or neither");
    }
    try {
      Pattern.compile(pairsWith);
    } catch (PatternSyntaxException | NullPointerException e) {
      throw new IllegalArgumentException("study client " + name + ": pairsWith '" + pairsWith + "': expected a regex");
    }
    if (expectedSeconds < 1) {
      throw new IllegalArgumentException("study client " + name + ": expectedSeconds=" + expectedSeconds
          + ": expected at least 1");
    }
    args = List.copyOf(args);
    tools = List.copyOf(tools);
  }

  /** Whether {@code benchmark} (a full method name) is one of the rows this client stands beside. */
  public boolean pairsWith(String benchmark) {
    return Pattern.compile(pairsWith).matcher(benchmark).find();
  }
}
