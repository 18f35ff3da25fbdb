/**
 * The parts of the generic conversation layer (spec §7 "Conversation operations") that are not
 * plain data: sending a message, which starts a reply, and the stream of that reply's events.
 * Conversations and their messages themselves are registry models (create/get/list/update/delete
 * Conversation, listConversationMessages).
 */
export const conversationSdl = /* GraphQL */ `
  "One content block of a message: exactly one of text, image, toolUse, toolResult or json."
  input ConversationContentBlockInput {
    text: String
    image: AWSJSON
    toolUse: AWSJSON
    toolResult: AWSJSON
    json: AWSJSON
  }

  type ConversationStreamError {
    message: String!
    errorType: String!
  }

  "One event of an assistant reply: a text delta, the end of a content block, the stop, or errors."
  type ConversationStreamEvent {
    id: ID!
    conversationId: ID!
    associatedUserMessageId: ID!
    contentBlockIndex: Int
    contentBlockDoneAtIndex: Int
    contentBlockDeltaIndex: Int
    contentBlockText: String
    contentBlockToolUse: AWSJSON
    stopReason: String
    errors: [ConversationStreamError]
  }

  extend type Mutation {
    "Stores the user's message and starts the reply, which streams to onConversationStreamEvent."
    sendMessage(
      conversationId: ID!
      content: [ConversationContentBlockInput!]!
      aiContext: AWSJSON
      toolConfiguration: AWSJSON
    ): ConversationMessage
  }

  extend type Subscription {
    onConversationStreamEvent(conversationId: ID!): ConversationStreamEvent
  }
`;
