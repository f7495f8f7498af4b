/** Tappable answers to the coach's question (product §7.1). */
export function OptionChips({ options, disabled, onChoose }: { options: string[]; disabled: boolean; onChoose: (option: string) => void }) {
  return (
    <div role="group" aria-label="Suggested replies" className="flex flex-wrap gap-2 pl-1">
      {options.map((option) => (
        <button
          key={option}
          type="button"
          disabled={disabled}
          onClick={() => onChoose(option)}
          className="min-h-11 rounded-full border border-blue-300 bg-blue-50 px-4 py-2 text-left text-sm font-medium text-blue-800 transition-colors hover:bg-blue-100 active:bg-blue-200 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {option}
        </button>
      ))}
    </div>
  );
}
