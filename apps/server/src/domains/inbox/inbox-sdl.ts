/**
 * The owner's side of sharing that is more than plain data (spec §1 "see these shared chats, pause
 * auto-reply and answer manually"): a share's typed colours, the inbox's unread marker, search,
 * hand-written replies, read marks and summaries. Shares, threads and messages themselves are
 * registry models (getSharedAssistant, updateSharedAssistant, sharedThreadsByOwnerEmailAndLastActivityAt,
 * updateSharedThread for pause/resume, sharedMessagesBySharedThreadID, onCreateSharedThread, …).
 */
export const inboxSdl = /* GraphQL */ `
  "The colours of the public chat and the widget's launcher, as #RRGGBB."
  type ShareTheme {
    "Launcher, header and the visitor's bubbles."
    primaryColor: String!
    "Text on the primary colour."
    primaryTextColor: String!
  }

  input ShareThemeInput {
    primaryColor: String!
    primaryTextColor: String!
  }

  extend type SharedAssistant {
    theme: ShareTheme!
  }

  extend input UpdateSharedAssistantInput {
    theme: ShareThemeInput
  }

  extend type SharedThread {
    "A visitor message arrived after the owner last opened the thread (markSharedThreadRead)."
    unread: Boolean!
  }

  extend type Query {
    """
    The caller's shared threads, latest activity first. query: words found in the thread's messages,
    its visitor's anonymous e-mail or its summary (case-insensitive). sharedAssistantID and origin
    (web, widget, instagram, messenger, whatsapp, line) narrow it, and needsHuman to the threads that
    are (or are not) waiting for a person; all are optional.
    """
    searchSharedThreads(
      query: String
      sharedAssistantID: ID
      origin: String
      needsHuman: Boolean
      limit: Int
      nextToken: String
    ): ModelSharedThreadConnection
  }

  extend type Mutation {
    """
    The shop answers the visitor by hand: stored as the assistant's side with isManualResponse, and
    the thread's auto-reply is paused (the bot stays quiet until updateSharedThread sets
    autoReplyPaused false). The visitor's open page receives it live.
    """
    sendManualReply(sharedThreadId: ID!, content: String!): SharedMessage
    "Marks the thread's messages read (ownerLastReadAt = now)."
    markSharedThreadRead(id: ID!): SharedThread
    """
    Adds the owner's answer to a question the assistant could not answer: a small FAQ document in the
    assistant's first linked store, indexed at once; the question is marked answered.
    """
    answerUnansweredQuestion(id: ID!, answer: String!): UnansweredQuestion
    "Writes threadSummary now with the assistant's model (also done automatically once a thread goes quiet)."
    summarizeSharedThread(id: ID!): SharedThread
  }
`;
