/** What the 1-on-1 page tells the AI Assistant panel (the §6 rules are decided by the page's loader). */
export interface AssistantPanelProps {
  platform: "slack" | "msteams";
  oneOnOneId: string;
  reviewer: { id: string; name: string };
  reviewee: { id: string; name: string };
  /** 'Help me craft feedback': the reviewer, when the meeting has no AI feedback. */
  craftHref: string | null;
  /** Super admins: the quick prompts and the reviewee/reviewer profile toggle. */
  superAdmin: boolean;
}

/** The 1-on-1 AI Assistant side panel: the chat over the assistant's WebSocket. */
export function AssistantPanel(props: AssistantPanelProps) {
  return (
    <aside aria-label="AI Assistant" data-one-on-one={props.oneOnOneId}>
      <h2>AI Assistant</h2>
    </aside>
  );
}
