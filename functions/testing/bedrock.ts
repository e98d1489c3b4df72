// What the mocked Bedrock client (aws-sdk-client-mock) answers in the tests of AI drafts.

/** Bedrock's Converse answer whose text is `draft` as JSON, ended as a model ends a full answer (end_turn). */
export const converseAnswer = (draft: unknown) => ({
  output: { message: { role: 'assistant' as const, content: [{ text: JSON.stringify(draft) }] } },
  stopReason: 'end_turn' as const,
  usage: { inputTokens: 400, outputTokens: 50, totalTokens: 450 },
  metrics: { latencyMs: 300 },
  $metadata: {},
});
