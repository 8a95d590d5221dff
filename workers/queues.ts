export type JobMessage = { type: string; [key: string]: unknown };

export async function handleJobBatch(batch: MessageBatch<JobMessage>, _env: Env) {
  for (const message of batch.messages) message.ack();
}
