/**
 * The parts of the generic conversation layer (spec §7 "Conversation operations") that are not
 * plain data: typed content blocks, sending a message (which starts a reply) and the stream of
 * that reply's events. Conversations and their messages themselves are registry models
 * (create/get/list/update/delete Conversation, listConversationMessages); a message's `content`
 * is added here because its blocks are typed. Shapes follow the Amplify AI kit's conversation
 * route, so its clients work unchanged.
 */
export const conversationSdl = /* GraphQL */ `
  "One content block of a message: exactly one of its fields is set."
  type ContentBlock {
    text: String
    image: ImageBlock
    document: DocumentBlock
    toolUse: ToolUseBlock
    toolResult: ToolResultBlock
    "Any JSON value; the model reads it as a fenced JSON text."
    json: AWSJSON
  }

  "An image: format png, jpeg, gif or webp."
  type ImageBlock {
    format: String!
    source: ImageBlockSource!
  }

  type ImageBlockSource {
    "Base64 of the image's bytes."
    bytes: String!
  }

  "A document: format pdf, csv, html, txt or md."
  type DocumentBlock {
    format: String!
    name: String!
    source: DocumentBlockSource!
  }

  type DocumentBlockSource {
    "Base64 of the document's bytes."
    bytes: String!
  }

  "A tool the model asked the app to run (an assistant message's block)."
  type ToolUseBlock {
    toolUseId: String!
    name: String!
    input: AWSJSON!
  }

  "What the app's tool gave back for the tool use of the same toolUseId (a user message's block)."
  type ToolResultBlock {
    toolUseId: String!
    "success or error"
    status: String
    content: [ToolResultContent!]!
  }

  "One part of a tool result: exactly one of its fields is set."
  type ToolResultContent {
    text: String
    json: AWSJSON
    image: ImageBlock
  }

  "One content block to send: exactly one of its fields is set."
  input ContentBlockInput {
    text: String
    image: ImageBlockInput
    document: DocumentBlockInput
    "Refused in a sent message: tool uses come from the assistant."
    toolUse: ToolUseBlockInput
    toolResult: ToolResultBlockInput
    json: AWSJSON
  }

  input ImageBlockInput {
    format: String!
    source: ImageBlockSourceInput!
  }

  input ImageBlockSourceInput {
    bytes: String!
  }

  input DocumentBlockInput {
    format: String!
    name: String!
    source: DocumentBlockSourceInput!
  }

  input DocumentBlockSourceInput {
    bytes: String!
  }

  input ToolUseBlockInput {
    toolUseId: String!
    name: String!
    input: AWSJSON!
  }

  input ToolResultBlockInput {
    toolUseId: String!
    status: String
    content: [ToolResultContentInput!]!
  }

  input ToolResultContentInput {
    text: String
    json: AWSJSON
    image: ImageBlockInput
  }

  "Tools the app runs itself: when the model calls one, the turn ends with stopReason tool_use."
  input ToolConfigurationInput {
    tools: [ToolInput!]!
  }

  input ToolInput {
    toolSpec: ToolSpecificationInput!
  }

  input ToolSpecificationInput {
    name: String!
    description: String
    inputSchema: ToolInputSchemaInput!
  }

  input ToolInputSchemaInput {
    "A JSON schema of type object."
    json: AWSJSON!
  }

  extend type ConversationMessage {
    content: [ContentBlock]
  }

  type ConversationStreamError {
    message: String!
    errorType: String!
  }

  """
  One event of an assistant reply: a text delta, the end of a text block (contentBlockDoneAtIndex is
  the index of its last delta), a whole tool use block, the stop (end_turn, or tool_use when the app
  must run a tool), or errors.
  """
  type ConversationStreamEvent {
    id: ID!
    conversationId: ID!
    associatedUserMessageId: ID!
    contentBlockIndex: Int
    contentBlockDoneAtIndex: Int
    contentBlockDeltaIndex: Int
    contentBlockText: String
    contentBlockToolUse: ToolUseBlock
    stopReason: String
    errors: [ConversationStreamError]
  }

  extend type Mutation {
    """
    Stores the user's message and starts the reply, which streams to onConversationStreamEvent.
    aiContext: a JSON object about the app the user is in, given to the model with this message.
    """
    sendMessage(
      conversationId: ID!
      content: [ContentBlockInput!]!
      aiContext: AWSJSON
      toolConfiguration: ToolConfigurationInput
    ): ConversationMessage
  }

  extend type Subscription {
    onConversationStreamEvent(conversationId: ID!): ConversationStreamEvent
  }
`;
