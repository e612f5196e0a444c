"""Forms (modals) the bot opened in the sandbox, filled from a typed value."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from loopback.entities import Interaction


@dataclass(frozen=True)
class Field:
    """One field of a form (modal): a text input, or a select inside a label."""

    custom_id: str
    label: str
    options: dict[str, str]  # a select's option labels (casefolded) -> values; {} for text


@dataclass
class Form:
    """A modal the bot opened for a user and that is not submitted yet."""

    opened_by: Interaction
    title: str
    fields: list[Field]

    @classmethod
    def of(cls, interaction: Interaction) -> Form:
        modal = interaction.modal or {}
        return cls(interaction, str(modal.get("title", "")), list(_fields(modal)))

    def values(self, text: str) -> dict[str, str]:
        """The submitted values for ``text`` (one value per field, separated by commas)."""
        parts = [text.strip()] if len(self.fields) == 1 else [p.strip() for p in text.split(",")]
        if len(parts) != len(self.fields):
            raise ValueError(
                f"das Formular hat {len(self.fields)} Felder, gegeben sind {len(parts)} Werte"
            )
        values: dict[str, str] = {}
        for field, part in zip(self.fields, parts, strict=True):
            if field.options and part and part.casefold() not in field.options:
                raise ValueError(f"{field.label}: keine Auswahl „{part}“")
            if part:
                values[field.custom_id] = field.options.get(part.casefold(), part)
        return values


def _fields(modal: dict[str, Any]) -> Iterator[Field]:
    """The fillable fields of a modal: text inputs in action rows (their own label) and
    components in labels (type 18, the label's text)."""

    def field(comp: dict[str, Any], label: str) -> Field | None:
        if "custom_id" not in comp or comp.get("type") not in (3, 4):
            return None
        options = {str(o["label"]).casefold(): str(o["value"]) for o in comp.get("options") or []}
        return Field(str(comp["custom_id"]), label or str(comp.get("placeholder", "")), options)

    for top in modal.get("components") or []:
        if top.get("type") == 18 and isinstance(top.get("component"), dict):
            found = field(top["component"], str(top.get("label", "")))
            if found:
                yield found
        for comp in top.get("components") or []:
            found = field(comp, str(comp.get("label", "")))
            if found:
                yield found
