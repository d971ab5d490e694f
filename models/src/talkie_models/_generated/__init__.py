# Generated — do not edit; regenerate with `python3 dev.py codegen`.
"""Every generated model and type alias, by schema title."""

from .action import Action as Action
from .manifest import ActionCapabilities as ActionCapabilities
from .action import ActionConfirm as ActionConfirm
from .action_event import ActionEvent as ActionEvent
from .action import ActionStatus as ActionStatus
from .run_agent_input import ActivityMessage as ActivityMessage
from .run_agent_input import AssistantMessage as AssistantMessage
from .run_agent_input import AudioPart as AudioPart
from .manifest import Auth as Auth
from .badge_block import BadgeBlock as BadgeBlock
from .badge_block import BadgeTone as BadgeTone
from .manifest import Brand as Brand
from .manifest import Capabilities as Capabilities
from .card import Card as Card
from .card_block import CardBlock as CardBlock
from .manifest import CardCapabilities as CardCapabilities
from .card_event import CardEvent as CardEvent
from .fields_block import CardField as CardField
from .thread_summary import Channel as Channel
from .client_metadata import ClientMetadata as ClientMetadata
from .action import ConfirmMethod as ConfirmMethod
from .voice_session import Consent as Consent
from .run_agent_input import ContentPart as ContentPart
from .run_agent_input import Context as Context
from .custom_event import CustomEvent as CustomEvent
from .run_agent_input import DataSource as DataSource
from .decision_request import Decision as Decision
from .decision_request import DecisionRequest as DecisionRequest
from .decision_response import DecisionResponse as DecisionResponse
from .run_agent_input import DeveloperMessage as DeveloperMessage
from .run_agent_input import DocumentPart as DocumentPart
from .manifest import EndpointTemplate as EndpointTemplate
from .manifest import Endpoints as Endpoints
from .error_response import ErrorBody as ErrorBody
from .error_code import ErrorCode as ErrorCode
from .error_response import ErrorResponse as ErrorResponse
from .event import Event as Event
from .event_metadata import EventMetadata as EventMetadata
from .fields_block import FieldsBlock as FieldsBlock
from .file_block import FileBlock as FileBlock
from .run_agent_input import FileSource as FileSource
from .run_agent_input import FunctionCall as FunctionCall
from .heading_block import HeadingBlock as HeadingBlock
from .run_agent_input import ImagePart as ImagePart
from .run_finished_event import Interrupt as Interrupt
from .error_code import KnownErrorCode as KnownErrorCode
from .stream_event import KnownEventType as KnownEventType
from .manifest import Limits as Limits
from .link_block import LinkBlock as LinkBlock
from .link_target import LinkTarget as LinkTarget
from .list_block import ListBlock as ListBlock
from .list_block import ListItem as ListItem
from .manifest import Manifest as Manifest
from .run_agent_input import Message as Message
from .thread_message import MessageRole as MessageRole
from .manifest import OAuthAuth as OAuthAuth
from .ok_response import OkResponse as OkResponse
from .open_event import OpenEvent as OpenEvent
from .open_link import OpenLink as OpenLink
from .run_agent_input import PartSource as PartSource
from .run_agent_input import ReasoningMessage as ReasoningMessage
from .run_agent_input import ResumeEntry as ResumeEntry
from .run_agent_input import ResumeStatus as ResumeStatus
from .action import RiskLevel as RiskLevel
from .run_agent_input import RunAgentInput as RunAgentInput
from .run_error_event import RunErrorEvent as RunErrorEvent
from .run_error_event import RunErrorMetadata as RunErrorMetadata
from .run_finished_event import RunFinishedCancelledOutcome as RunFinishedCancelledOutcome
from .run_finished_event import RunFinishedEvent as RunFinishedEvent
from .run_finished_event import RunFinishedInterruptOutcome as RunFinishedInterruptOutcome
from .run_finished_event import RunFinishedOutcome as RunFinishedOutcome
from .run_finished_event import RunFinishedSuccessOutcome as RunFinishedSuccessOutcome
from .run_started_event import RunStartedEvent as RunStartedEvent
from .voice_session import Signaling as Signaling
from .status import Status as Status
from .status import StatusUser as StatusUser
from .stream_event import StreamEvent as StreamEvent
from .run_agent_input import SystemMessage as SystemMessage
from .talkie_custom_event import TalkieCustomEvent as TalkieCustomEvent
from .stream_event import TalkieCustomName as TalkieCustomName
from .run_agent_input import TalkieForwardedProps as TalkieForwardedProps
from .run_agent_input import TalkieProps as TalkieProps
from .text_block import TextBlock as TextBlock
from .text_message_content_event import TextMessageContentEvent as TextMessageContentEvent
from .text_message_end_event import TextMessageEndEvent as TextMessageEndEvent
from .text_message_start_event import TextMessageRole as TextMessageRole
from .text_message_start_event import TextMessageStartEvent as TextMessageStartEvent
from .run_agent_input import TextPart as TextPart
from .thread_detail import ThreadDetail as ThreadDetail
from .thread_list import ThreadList as ThreadList
from .thread_message import ThreadMessage as ThreadMessage
from .thread_summary import ThreadSummary as ThreadSummary
from .manifest import TokenAuth as TokenAuth
from .run_finished_event import TokenUsage as TokenUsage
from .run_agent_input import Tool as Tool
from .run_agent_input import ToolCall as ToolCall
from .tool_call_end_event import ToolCallEndEvent as ToolCallEndEvent
from .tool_call_end_event import ToolCallEndMetadata as ToolCallEndMetadata
from .tool_call_result_event import ToolCallResultEvent as ToolCallResultEvent
from .tool_call_start_event import ToolCallStartEvent as ToolCallStartEvent
from .run_agent_input import ToolMessage as ToolMessage
from .stream_event import UnknownCustomEvent as UnknownCustomEvent
from .stream_event import UnknownEvent as UnknownEvent
from .run_agent_input import UrlSource as UrlSource
from .usage_event import UsageEvent as UsageEvent
from .usage_meter import UsageMeter as UsageMeter
from .usage_report import UsageReport as UsageReport
from .run_agent_input import UserMessage as UserMessage
from .run_agent_input import VideoPart as VideoPart
from .manifest import VoiceCapabilities as VoiceCapabilities
from .action import VoiceConfirm as VoiceConfirm
from .voice_session import VoiceSession as VoiceSession
from .voice_session_request import VoiceSessionRequest as VoiceSessionRequest
from .voice_tool_request import VoiceToolRequest as VoiceToolRequest
from .voice_tool_response import VoiceToolResponse as VoiceToolResponse
from .voice_transcript_request import VoiceTranscriptRequest as VoiceTranscriptRequest
from .voice_usage_request import VoiceUsageRequest as VoiceUsageRequest
from .voice_usage_response import VoiceUsageResponse as VoiceUsageResponse

__all__ = [
    "Action",
    "ActionCapabilities",
    "ActionConfirm",
    "ActionEvent",
    "ActionStatus",
    "ActivityMessage",
    "AssistantMessage",
    "AudioPart",
    "Auth",
    "BadgeBlock",
    "BadgeTone",
    "Brand",
    "Capabilities",
    "Card",
    "CardBlock",
    "CardCapabilities",
    "CardEvent",
    "CardField",
    "Channel",
    "ClientMetadata",
    "ConfirmMethod",
    "Consent",
    "ContentPart",
    "Context",
    "CustomEvent",
    "DataSource",
    "Decision",
    "DecisionRequest",
    "DecisionResponse",
    "DeveloperMessage",
    "DocumentPart",
    "EndpointTemplate",
    "Endpoints",
    "ErrorBody",
    "ErrorCode",
    "ErrorResponse",
    "Event",
    "EventMetadata",
    "FieldsBlock",
    "FileBlock",
    "FileSource",
    "FunctionCall",
    "HeadingBlock",
    "ImagePart",
    "Interrupt",
    "KnownErrorCode",
    "KnownEventType",
    "Limits",
    "LinkBlock",
    "LinkTarget",
    "ListBlock",
    "ListItem",
    "Manifest",
    "Message",
    "MessageRole",
    "OAuthAuth",
    "OkResponse",
    "OpenEvent",
    "OpenLink",
    "PartSource",
    "ReasoningMessage",
    "ResumeEntry",
    "ResumeStatus",
    "RiskLevel",
    "RunAgentInput",
    "RunErrorEvent",
    "RunErrorMetadata",
    "RunFinishedCancelledOutcome",
    "RunFinishedEvent",
    "RunFinishedInterruptOutcome",
    "RunFinishedOutcome",
    "RunFinishedSuccessOutcome",
    "RunStartedEvent",
    "Signaling",
    "Status",
    "StatusUser",
    "StreamEvent",
    "SystemMessage",
    "TalkieCustomEvent",
    "TalkieCustomName",
    "TalkieForwardedProps",
    "TalkieProps",
    "TextBlock",
    "TextMessageContentEvent",
    "TextMessageEndEvent",
    "TextMessageRole",
    "TextMessageStartEvent",
    "TextPart",
    "ThreadDetail",
    "ThreadList",
    "ThreadMessage",
    "ThreadSummary",
    "TokenAuth",
    "TokenUsage",
    "Tool",
    "ToolCall",
    "ToolCallEndEvent",
    "ToolCallEndMetadata",
    "ToolCallResultEvent",
    "ToolCallStartEvent",
    "ToolMessage",
    "UnknownCustomEvent",
    "UnknownEvent",
    "UrlSource",
    "UsageEvent",
    "UsageMeter",
    "UsageReport",
    "UserMessage",
    "VideoPart",
    "VoiceCapabilities",
    "VoiceConfirm",
    "VoiceSession",
    "VoiceSessionRequest",
    "VoiceToolRequest",
    "VoiceToolResponse",
    "VoiceTranscriptRequest",
    "VoiceUsageRequest",
    "VoiceUsageResponse",
]
