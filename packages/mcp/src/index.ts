export type {
  ConfigProblem,
  ConfigSource,
  ConfiguredServer,
  RemoteServerConfig,
  ServerConfig,
  ServerScope,
  StdioServerConfig,
} from './config/types.js';
export { expandServer, expandText } from './config/expand.js';
export { mergeSources, parseEntry, parseSource, SERVER_NAME } from './config/parse.js';
export { removeServer, scopeLocation, serversAt, setServer, WRITE_SCOPES } from './config/edit.js';
export type { WriteScope } from './config/edit.js';
export { configSources } from './config/sources.js';
export type { SourceOptions } from './config/sources.js';
export { createMcpManager } from './manager.js';
export type { McpChange, McpManager, ManagerOptions, ServerState, ServerStatus } from './manager.js';
export type { McpToolInfo } from './connection.js';
export { adaptTool, annotationWords } from './tool-adapter.js';
export { capParts, outputCapFromEnv, partOf, resultParts, MCP_OUTPUT_TOKENS_DEFAULT } from './result.js';
export { mcpToolName, serverOfRuleName, serverRuleName } from './names.js';
export { SERVER_ENV_BASE, serverEnv } from './server-env.js';
export { CALL_TOOL, SEARCH_TOOL, callTool, gatewayRegistry, searchTool, searchTools } from './gateway.js';
export type { GatewaySource } from './gateway.js';
export { loadSdk, setSdkLoader, vendorSdkLoader, SDK_MODULES } from './sdk.js';
export type { SdkModules } from './sdk.js';
export { bindArguments, getPrompt, listPrompts, promptMessage, promptUsage, splitArguments } from './prompts.js';
export type { McpPromptInfo, PromptArgumentInfo, PromptMessage } from './prompts.js';
export { listResources, readResource, resourceContentsParts } from './resources.js';
export type { McpResourceInfo, ResourceParts } from './resources.js';
export { fieldValue, formFields } from './elicitation.js';
export type { ElicitAnswer, ElicitField, ElicitHandler, ElicitQuestion } from './elicitation.js';
export type { McpClient } from './sdk.js';
export { oauthDir, oauthFile, readRecord, removeRecord } from './oauth-store.js';
export type { OAuthRecord } from './oauth-store.js';
export { oauthLogin } from './oauth-login.js';
export type { LoginOptions, LoginResult } from './oauth-login.js';
