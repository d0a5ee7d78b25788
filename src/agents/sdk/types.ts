/**
 * The SDK adapters' public types, written structurally (no import of either SDK, and none of
 * Node's types): the package does not depend on the SDKs, and a consumer compiles without
 * @types/node. test/agents/sdk-types.test.ts assigns the adapters to each SDK's own hook type.
 */

/** What both adapters take. */
export interface SdkGuardOptions {
  /** The working directory when the SDK's input names none; default `process.cwd()`. */
  cwd?: string;
  /** Environment for config discovery (HOME, XDG_CONFIG_HOME); default `process.env`. */
  env?: Record<string, string | undefined>;
  /** Use exactly this config file (no discovery). */
  configFile?: string;
  /** Also answer when no rule or check has an opinion (the mode's fallback ask/deny), as `agent-hook --strict`. */
  strict?: boolean;
  /** Called once per distinct config warning (an untrusted config's ignored keys, ...). */
  onWarning?: (warning: string) => void;
  /** Called with the problem when a tool call could not be checked; the call is then denied. */
  onError?: (problem: string) => void;
}

export interface ClaudeAgentSdkHookOptions extends SdkGuardOptions {
  /**
   * Answer an ask as `permissionDecision: "ask"` (default true: the SDK then asks `canUseTool`
   * or the person). false: a deny whose reason says a person must confirm, for an app whose
   * permission flow would approve it unseen.
   */
  ask?: boolean;
}

export interface CopilotSdkHookOptions extends SdkGuardOptions {
  /**
   * Answer an ask as `permissionDecision: "ask"` (it then reaches the session's
   * `onPermissionRequest`). Default false: a deny whose reason says a person must confirm,
   * because `onPermissionRequest: approveAll` would approve it unseen.
   */
  ask?: boolean;
}

/** The Claude Agent SDK's hook input, as much of it as is read (PreToolUseHookInput and the other events'). */
export interface ClaudeSdkHookInput {
  hook_event_name: string;
  tool_name?: unknown;
  tool_input?: unknown;
  cwd?: unknown;
  permission_mode?: unknown;
}

/** The Claude Agent SDK's hook output: a PreToolUse decision, or `{}` for none. */
export interface ClaudeSdkHookOutput {
  hookSpecificOutput?: {
    hookEventName: "PreToolUse";
    permissionDecision: "allow" | "ask" | "deny";
    permissionDecisionReason: string;
  };
}

/** The Claude Agent SDK's `HookCallback`, structurally. */
export type ClaudeSdkHookCallback = (
  input: ClaudeSdkHookInput,
  toolUseID: string | undefined,
  options: { signal?: { readonly aborted: boolean } },
) => Promise<ClaudeSdkHookOutput>;

/** The Copilot SDK's `onPreToolUse` input (`workingDirectory` in @github/copilot-sdk 1.x, `cwd` in its docs). */
export interface CopilotSdkPreToolUseInput {
  toolName: string;
  toolArgs: unknown;
  workingDirectory?: string;
  cwd?: string;
  sessionId?: string;
}

/** The Copilot SDK's `onPreToolUse` output: a decision, or undefined for none. */
export interface CopilotSdkPreToolUseOutput {
  permissionDecision: "allow" | "ask" | "deny";
  permissionDecisionReason: string;
}

/** The Copilot SDK's `SessionHooks.onPreToolUse`, structurally. */
export type CopilotSdkPreToolUseHandler = (input: CopilotSdkPreToolUseInput, invocation?: { sessionId?: string }) => Promise<CopilotSdkPreToolUseOutput | undefined>;
